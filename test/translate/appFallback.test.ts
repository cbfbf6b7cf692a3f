/**
 * The application-level fallback goes through the registry, as the window fallback does.
 * Apps no translator claims get the fallback translator's `appActions` (the generic translator's
 * come from what the toolkit exposes); a registry whose fallback has none offers none.
 */
import { describe, expect, it } from 'vitest';
import { AppToolBuilder } from '../../src/bridge/appTools.js';
import type { AppInfo } from '../../src/platform/probe.js';
import { defineAppAction, defineTranslator } from '../../src/translate/define.js';
import { appActionsFor, type TranslatorRegistry } from '../../src/translate/registry.js';
import { genericTranslator } from '../../translators/generic/index.js';
import { z } from 'zod';

const gedit: AppInfo = {
  key: ':1.5',
  id: 'org.gnome.gedit',
  name: 'gedit',
  pid: 5,
  actions: [
    { name: 'new-window', label: 'New Window', enabled: true },
    { name: 'quit', label: 'Quit', enabled: false },
  ],
};
const orders: AppInfo = { ...gedit, key: ':1.6', id: 'org.example.Orders', name: 'Orders' };

const newOrder = defineAppAction({
  name: 'new_order',
  title: 'New order',
  description: 'Opens a new order.',
  kind: 'write',
  input: z.object({}),
  run: async () => ({ message: 'ok' }),
});
const ordersTranslator = defineTranslator({
  id: 'orders',
  match: { appId: 'org.example.Orders' },
  translate: () => ({ summary: '', blocks: [], actions: [] }),
  appActions: [newOrder],
});
const bare = defineTranslator({ id: 'bare', match: {}, translate: () => ({ summary: '', blocks: [], actions: [] }) });

describe('application-level actions through the registry', () => {
  const registry: TranslatorRegistry = { translators: [ordersTranslator], fallback: genericTranslator };

  it('an app translator owns its app; every other app gets the fallback translator’s actions', () => {
    expect(appActionsFor(registry, orders)).toEqual([newOrder]);
    expect(appActionsFor(registry, gedit).map((a) => [a.name, a.title])).toEqual([['new_window', 'New Window']]);
  });

  it('a fallback without appActions offers none: nothing is hard-wired in the bridge', () => {
    const tools = new AppToolBuilder({ translators: [], fallback: bare }, 'single').build([gedit], [], new Set());
    expect(tools).toEqual([]);
    const generic = new AppToolBuilder({ translators: [], fallback: genericTranslator }, 'single').build([gedit], [], new Set());
    expect(generic.map((t) => t.prepared.toolName)).toEqual(['app__new_window']);
  });
});
