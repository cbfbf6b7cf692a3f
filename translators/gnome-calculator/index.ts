/**
 * Translator for GNOME Calculator (GTK4, its built-in AT-SPI): the display as expression and
 * result, the status line as a notice, the history as a list, and calculate / clear /
 * switch_mode — beside the generic actions for every button and menu it does not cover.
 */
import { defineTranslator } from '../../src/translate/define.js';
import type { ActionDef } from '../../src/translate/types.js';
import { probeNotices } from '../shared/probeNotices.js';
import { withGenericActions } from '../shared/withGeneric.js';
import { calculateAction, clearAction } from './calculate.js';
import { switchModeAction } from './mode.js';
import { readCalculator } from './reading.js';
import { calculatorBlocks, summarise } from './view.js';

const ACTIONS = [calculateAction, clearAction, switchModeAction] as ActionDef[];

export const gnomeCalculatorTranslator = defineTranslator({
  id: 'gnome-calculator',
  // The main window only: its display is the one editable text; other windows go generic.
  match: { appId: 'org.gnome.Calculator', role: 'frame', test: (_window, root) => readCalculator(root).display !== undefined },
  translate: (window, tree, ctx) => {
    const reading = readCalculator(tree.root);
    const view = { summary: summarise(reading), blocks: [...probeNotices(ctx), ...calculatorBlocks(reading)], actions: ACTIONS };
    return withGenericActions(view, window, tree.root, ctx);
  },
  notes: 'GNOME Calculator: use calculate {expression} and read `result`; switch_mode changes the keypad; the generic press/set_field stay available for single keys.',
});
