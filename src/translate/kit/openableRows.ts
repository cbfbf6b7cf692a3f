/**
 * The rows `open_row` can open: the rows of lists and tables the state shows (as for `select`),
 * each with the node a pointer double-click should land on while the row is on screen.
 */
import type { A11yNode } from '../../platform/probe.js';
import { findFirst } from '../tree.js';
import { PREVIEW_ROWS } from './blocks.js';
import { cleanText } from './labels.js';
import type { Collection, Option, WindowReading } from './model.js';
import { oncePerReading } from './oncePerReading.js';
import { isShown } from './visibility.js';

export interface OpenableRow {
  collection: Collection;
  row: Option;
  /** Where a double-click lands: the cell that shows the row's label, else the row itself. */
  pointAt: A11yNode;
  /** The screen shows that node now (a double-click on one scrolled away would hit another row). */
  onScreen: boolean;
}

/** Once per reading: the tool's `available`, `input` and `run` each ask for them. */
export const openableRows = oncePerReading(walkRows);

function walkRows(reading: Pick<WindowReading, 'collections' | 'rule'>): OpenableRow[] {
  return reading.collections.flatMap((collection) =>
    collection.options
      .slice(0, PREVIEW_ROWS)
      .filter((row) => row.label !== '')
      .map((row) => {
        // An icon cell may be a link of its own (a PDF to open): the label's cell is what a person double-clicks.
        const pointAt = findFirst(row.node, (n) => n !== row.node && cleanText(n.name) === row.label && isShown(n, reading.rule)) ?? row.node;
        return { collection, row, pointAt, onScreen: isShown(pointAt, reading.rule) };
      }),
  );
}
