/**
 * The generic view of a window: the summary, blocks and window actions that the generic
 * translator shows, and that app translators keep beside their own (withGeneric.ts). Its actions'
 * schemas enumerate exactly what is there: press, press_in_row, open_row, set_field, toggle, select, menu, command, type_text,
 * press_keys, load_rows, load_text, focus, close. Actions with nothing to act on are hidden
 * (P-TOOL-2).
 */
import type { z } from 'zod';
import { closeAction, closeDiscardingAction, focusAction } from '../commonActions.js';
import type { ActionDef, TranslateContext, WindowFacts, WindowView } from '../types.js';
import { commandAction } from './actions/command.js';
import { setFieldAction, toggleAction } from './actions/fields.js';
import { pressKeysAction, typeTextAction } from './actions/keys.js';
import { loadRowsAction, loadTextAction } from './actions/load.js';
import { menuAction } from './actions/menu.js';
import { pressAction } from './actions/press.js';
import { openRowAction } from './actions/openRow.js';
import { pressInRowAction } from './actions/pressInRow.js';
import { scrollListAction } from './actions/scrollList.js';
import { selectAction } from './actions/select.js';
import { buildBlocks, isDocument, onlyViewsCut } from './blocks.js';
import type { WindowReading } from './model.js';
import type { GenericReading } from './reading.js';
import { summarise } from './summary.js';

const ACTIONS: ReadonlyArray<ActionDef<z.ZodObject, unknown, GenericReading>> = [
  pressAction,
  pressInRowAction,
  openRowAction,
  setFieldAction,
  toggleAction,
  selectAction,
  menuAction,
  commandAction,
  typeTextAction,
  pressKeysAction,
  loadRowsAction,
  scrollListAction,
  loadTextAction,
  focusAction,
];

/** Closing loses typed input when a field holds some: then `close` is destructive (P-TOOL-13). */
function closeFor(reading: WindowReading): ActionDef<z.ZodObject, unknown, GenericReading> {
  const holdsInput = reading.fields.some((f) => f.settable && (f.kind === 'text' || f.kind === 'secret') && (f.value !== '' || isDocument(f)));
  return holdsInput ? closeDiscardingAction : closeAction;
}

/** The generic actions of a window: only its reading is needed, not a summary or blocks. */
export function genericActions({ generic }: GenericReading): ReadonlyArray<ActionDef<z.ZodObject, unknown, GenericReading>> {
  return [...ACTIONS, closeFor(generic)];
}

export function translateGeneric(
  window: WindowFacts,
  reading: GenericReading,
  ctx: Pick<TranslateContext, 'warnings' | 'truncated'>,
): WindowView<GenericReading> {
  return {
    summary: summarise(window, reading.root, reading.generic),
    blocks: buildBlocks(reading.generic, { warnings: ctx.warnings, truncated: ctx.truncated && !onlyViewsCut(reading.root, reading.generic) }),
    actions: genericActions(reading),
  };
}
