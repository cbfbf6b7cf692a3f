/**
 * Acceptance: the `menu` tool runs GTK 3 menu commands from the keyboard (the accelerator, else
 * the mnemonic path), opening the dialog each names, and the apps print no critical or warning.
 */
import { describe, expect, it } from 'vitest';
import { displayStack } from '../helpers/desktop.js';
import { runScenario } from './scenario.js';
import { GTK_MENU_APPS, gtkMenuScenario, type GtkMenuFacts } from './scenarios/gtkMenus.js';

// Off CI without the apps or the display stack these skip; CI installs them and never skips.
const stack = displayStack(GTK_MENU_APPS.map((spec) => spec.app));

describe.skipIf(stack.skip)('agent task: GTK 3 menu commands without criticals', () => {
  it.each(GTK_MENU_APPS.map((spec) => [spec.app, spec] as const))(
    '%s runs File > Save As… and About from the keyboard',
    async (_app, spec) => {
      const seen: GtkMenuFacts[] = [];
      await runScenario(gtkMenuScenario(spec, (facts) => seen.push(facts)));
      expect(seen).toHaveLength(1);
      expect(seen[0]?.saveAs.message).toMatch(/^Ran "File > Save As(…|\.\.\.)" \(keys (ctrl\+shift\+s|alt\+f, a)\)\./);
      expect(seen[0]?.about.message).toMatch(/\(keys alt\+h, [a-z]\)\./);
    },
    180_000,
  );
});
