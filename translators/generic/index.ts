/**
 * The generic translator: the fallback for every window no plugin claims, good on any app. It
 * reads what a user sees — texts, labelled fields, tables and lists, notices, buttons and menus —
 * and offers window actions whose schemas enumerate exactly what is there: press, set_field,
 * toggle, select, menu, type_text, press_keys, load_rows, load_text, focus, close. Actions with
 * nothing to act on are hidden (P-TOOL-2).
 */
import type { A11yNode } from '../../src/platform/probe.js';
import { closeAction, closeDiscardingAction, focusAction } from '../../src/translate/commonActions.js';
import { defineTranslator } from '../../src/translate/define.js';
import type { ActionDef, TranslateContext, WindowFacts, WindowView } from '../../src/translate/types.js';
import { setFieldAction, toggleAction } from './actions/fields.js';
import { genericAppActions } from './appActions.js';
import { pressKeysAction, typeTextAction } from './actions/keys.js';
import { loadRowsAction, loadTextAction } from './actions/load.js';
import { menuAction } from './actions/menu.js';
import { pressAction } from './actions/press.js';
import { selectAction } from './actions/select.js';
import { buildBlocks, isDocument } from './blocks.js';
import type { WindowReading } from './model.js';
import { readWindow } from './reading.js';
import { summarise } from './summary.js';

const ACTIONS: ActionDef[] = [
  pressAction,
  setFieldAction,
  toggleAction,
  selectAction,
  menuAction,
  typeTextAction,
  pressKeysAction,
  loadRowsAction,
  loadTextAction,
  focusAction,
];

/** Closing loses typed input when a field holds some: then `close` is destructive (P-TOOL-13). */
function closeFor(reading: WindowReading): ActionDef {
  const holdsInput = reading.fields.some((f) => f.settable && (f.kind === 'text' || f.kind === 'secret') && (f.value !== '' || isDocument(f)));
  return holdsInput ? closeDiscardingAction : closeAction;
}

/** The generic actions of a window: only its reading is needed, not a summary or blocks. */
export function genericActions(root: A11yNode): ActionDef[] {
  return [...ACTIONS, closeFor(readWindow(root))];
}

export function translateGeneric(window: WindowFacts, root: A11yNode, ctx: Pick<TranslateContext, 'warnings' | 'truncated'>): WindowView {
  const reading = readWindow(root);
  return {
    summary: summarise(window, root, reading),
    blocks: buildBlocks(reading, ctx),
    actions: genericActions(root),
  };
}

export const genericTranslator = defineTranslator({
  id: 'generic',
  match: {},
  translate: (window, tree, ctx) => translateGeneric(window, tree.root, ctx),
  appActions: genericAppActions,
});
