/**
 * Translator for LibreOffice Calc's document windows (VCL gtk3 plugin, ATK bridge): the sheet's
 * shown cells as a table, the cell cursor, formula, selection and sheets as fields, and
 * load_cells / go_to_cell / set_cell beside the generic actions (menus, toolbar buttons, keys).
 * The probe reads only the visible cells (src/platform/linux/atspi/viewportTable.ts).
 */
import { defineTranslator, probeNotices, readGeneric, translateGeneric, withGenericActions } from '../../src/sdk/translate.js';
import type { BlockDraft, GenericReading, WindowFacts, WindowTree } from '../../src/sdk/translate.js';
import { goToCellAction, loadCellsAction, setCellAction } from './actions.js';
import { readCalc, type CalcReading } from './reading.js';
import { calcBlocks, summarise } from './view.js';

const ACTIONS = [loadCellsAction, goToCellAction, setCellAction];

/** The generic reading (for everything around the sheet and the generic actions) and the sheet's. */
interface CalcWindow extends GenericReading {
  calc: CalcReading;
}

function readCalcWindow(_window: WindowFacts, tree: WindowTree): CalcWindow {
  const calc = readCalc(tree.root);
  if (!calc) throw new Error('no sheet in this window'); // match guarantees one
  return { ...readGeneric(tree.root), calc };
}

export const libreofficeCalcTranslator = defineTranslator({
  id: 'libreoffice-calc',
  match: { appName: /^(soffice|libreoffice)/i, role: 'frame', test: (_window, root) => readCalc(root) !== undefined },
  read: readCalcWindow,
  translate: (window, _tree, ctx, reading) => {
    // Everything around the sheet (tool bars, status bar, sidebar) as the generic translator reads it.
    const around = translateGeneric(window, reading, ctx).blocks.filter(
      (b: BlockDraft) => b.type !== 'table' && !(b.type === 'notice' && (b.id === 'partial' || b.id?.startsWith('warning-'))),
    );
    const view = { summary: summarise(window.title, reading.calc), blocks: [...probeNotices(ctx), ...calcBlocks(reading.calc), ...around], actions: ACTIONS };
    return withGenericActions(view, reading);
  },
  notes:
    'LibreOffice Calc: the `cells` table shows the filled cells of the range on screen (see the summary); load_cells {range} reads any range, go_to_cell {cell} moves there, set_cell {cell, value} types a value or formula and returns what the cell shows.',
});
