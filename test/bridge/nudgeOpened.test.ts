/**
 * While an action waits for its effect and no event arrives, the executor reads again the acting
 * window and the windows opened since the action began: an action often drives a dialog it opened
 * (gedit's save_as fills in the file chooser), and a change there that the platform did not
 * announce must still be seen before the deadline.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Bridge } from '../../src/bridge/bridge.js';
import { DemoProbe } from '../../src/platform/demo/probe.js';
import type { PreferencesState } from '../../src/platform/demo/model.js';
import { defineAppAction, findFirst } from '../../src/sdk/translate.js';
import { silentLogger } from '../../src/util/logger.js';
import { genericTranslator } from '../../translators/generic/index.js';
import { demoAppActions } from '../../translators/demo-orders/appActions.js';
import { demoOrdersTranslator } from '../../translators/demo-orders/index.js';
import { structured } from '../helpers/demoServer.js';

/** A demo whose content changes are never announced (only windows opening and closing are). */
class SilentContentProbe extends DemoProbe {
  override subscribe(listener: Parameters<DemoProbe['subscribe']>[0]) {
    return super.subscribe((change) => {
      if (change.kind !== 'content') listener(change);
    });
  }
}

describe('waiting for an effect in a window the action opened', () => {
  it('reads the new window again when no event comes, and sees the change', async () => {
    const probe = new SilentContentProbe({ effectDelayMs: 5 });
    const waitForEuro = defineAppAction({
      name: 'await_euro',
      title: 'Preferences in euros',
      description: 'Opens Preferences and waits until its currency reads EUR.',
      kind: 'write',
      input: z.object({}),
      timeoutMs: 3000,
      async run(_args, ctx) {
        const before = new Set(ctx.state.windows().map((w) => w.winId));
        await ctx.probe.doAppAction(ctx.app.key, 'preferences');
        const prefs = await ctx.waitFor((s) => s.windows().find((w) => !before.has(w.winId)), { what: 'Preferences to open' });
        // The app changes the dialog without telling anyone (no event reaches the bridge).
        const model = probe.app.windows.get(prefs.facts.nativeId)?.content as PreferencesState;
        model.currency = 'EUR';
        await ctx.waitFor(
          (s) => {
            const root = s.window(prefs.winId)?.tree.root;
            return root && findFirst(root, (n) => n.role === 'combo_box' && n.value === 'EUR');
          },
          { what: 'the currency to read EUR' },
        );
        return { message: 'EUR' };
      },
    });
    const translator = { ...demoOrdersTranslator, id: 'demo-silent', appActions: [...demoAppActions, waitForEuro] };
    const bridge = await Bridge.start({ probe, registry: { translators: [translator], fallback: genericTranslator }, log: silentLogger });
    try {
      const result = await bridge.callTool('app__await_euro', {});
      expect(result.isError, JSON.stringify(structured(result))).toBeFalsy();
      expect(structured(result)).toMatchObject({ message: 'EUR' });
    } finally {
      await bridge.close();
    }
  });
});
