/**
 * Which zenity dialog a window is, from its tree alone (zenity names no kind anywhere): a message
 * (question, info, warning, error: text and buttons only), an entry or password dialog (one or
 * two single-line text fields), a list (one table), or a form (--forms: a frame holding a grid
 * of label + control rows). Other dialogs (scale, calendar, text-info, progress, the file chooser)
 * are left to the generic and file-chooser translators.
 */
import { findFirst, listsInReverse, readOnce, readWindow, repairName } from '../../src/sdk/translate.js';
import type { A11yNode, Field, WindowReading } from '../../src/sdk/translate.js';

export type ZenityKind = 'message' | 'entry' | 'list' | 'forms';

export const zenityKind: (root: A11yNode) => ZenityKind | undefined = readOnce(detect);

/** Entry fields: single-line text, passwords, and the editable combo of --entry-text lists. */
export function entryFields(reading: WindowReading): Field[] {
  return reading.fields.filter((f) => f.settable && !f.multiLine && (f.kind === 'text' || f.kind === 'secret' || (f.kind === 'choice' && f.entry)));
}

function detect(root: A11yNode): ZenityKind | undefined {
  if (root.role !== 'dialog' || findFirst(root, (n) => n.role === 'file_chooser')) return undefined;
  if (formGrid(root)) return 'forms';
  const reading = readWindow(root);
  if (reading.collections.length === 1 && reading.fields.length === 0) return 'list';
  if (reading.collections.length > 0) return undefined;
  const entries = entryFields(reading);
  if (entries.length > 0 && entries.length <= 2 && entries.length === reading.fields.length) return 'entry';
  if (reading.fields.length === 0 && reading.buttons.length > 0 && (reading.message || reading.texts.length > 0)) return 'message';
  return undefined;
}

export interface FormGrid {
  /** The --text of the form (the frame's label), '' when zenity shows its default. */
  text: string;
  /** The grid: (control, label) pairs, last row first (GTK3 grids list children in reverse). */
  grid: A11yNode;
}

/** The frame of a --forms dialog: a named panel whose label repeats its name, around the grid. */
export function formGrid(root: A11yNode): FormGrid | undefined {
  let found: FormGrid | undefined;
  findFirst(root, (node) => {
    if (node.role !== 'panel' || !node.name) return false;
    const caption = node.children.find((c) => c.role === 'label' && c.name === node.name);
    const grid = node.children.find((c) => c !== caption && listsInReverse(c.children));
    if (caption && grid) found = { text: repairName(node.name), grid };
    return found !== undefined;
  });
  return found;
}
