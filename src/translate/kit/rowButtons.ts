/**
 * Buttons inside the rows of a list or table whose rows a user selects (Thunderbird's star and
 * menu on each message): `press` leaves them out, since the same label stands once per row; the
 * row's label says which one is meant.
 */
import type { A11yNode } from '../../platform/probe.js';
import { findAll, isEnabled } from '../tree.js';
import { PREVIEW_ROWS } from './blocks.js';
import { cleanText } from './labels.js';
import type { Collection, Option, WindowReading } from './model.js';
import { BUTTON_ROLES } from './roles.js';
import { oncePerReading } from './oncePerReading.js';
import { isShown } from './visibility.js';

export interface RowButton {
  collection: Collection;
  row: Option;
  node: A11yNode;
  label: string;
}

/** Once per reading: the tool's `available`, `input` and `run` each ask for them. */
export const rowButtons = oncePerReading(walkRows);

function walkRows(reading: Pick<WindowReading, 'collections' | 'rule'>): RowButton[] {
  return reading.collections.flatMap((collection) =>
    // Only rows the state shows can be named by the agent (as for select).
    collection.options.slice(0, PREVIEW_ROWS).flatMap((row) =>
      findAll(row.node, (n) => n !== row.node && BUTTON_ROLES.has(n.role) && isShown(n, reading.rule) && isEnabled(n))
        .map((node) => ({ collection, row, node, label: cleanText(node.name) }))
        .filter((b) => b.label !== ''),
    ),
  );
}
