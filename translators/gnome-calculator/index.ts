/**
 * Translator for GNOME Calculator (GTK4, its built-in AT-SPI): the display as expression and
 * result, the status line as a notice, the history as a list, and calculate / clear /
 * switch_mode — beside the generic actions for every button and menu it does not cover.
 */
import { defineTranslator, probeNotices, withGenericActions } from '../../src/sdk/translate.js';
import { calculateAction, clearAction } from './calculate.js';
import { switchModeAction } from './mode.js';
import { readCalculator, readCalculatorWindow } from './reading.js';
import { calculatorBlocks, summarise } from './view.js';

const ACTIONS = [calculateAction, clearAction, switchModeAction];

export const gnomeCalculatorTranslator = defineTranslator({
  id: 'gnome-calculator',
  // The main window only: its display is the one editable text; other windows go generic.
  match: { appId: 'org.gnome.Calculator', role: 'frame', test: (_window, root) => readCalculator(root).display !== undefined },
  read: (_window, tree) => readCalculatorWindow(tree.root),
  translate: (_window, _tree, ctx, reading) => {
    const { calculator } = reading;
    const view = { summary: summarise(calculator), blocks: [...probeNotices(ctx), ...calculatorBlocks(calculator)], actions: ACTIONS };
    return withGenericActions(view, reading);
  },
  notes:
    'GNOME Calculator: use calculate {expression} and read `result`; switch_mode changes the keypad; the generic press/set_field stay available for single keys.',
});
