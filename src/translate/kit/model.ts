/** What the generic translator reads out of a window's tree before it writes blocks and actions. */
import type { A11yNode } from '../../platform/probe.js';
import type { Severity } from '../../protocol/schemas.js';
import type { ShowRule } from './visibility.js';

export type FieldKind = 'text' | 'secret' | 'number' | 'choice' | 'check' | 'radio' | 'display';

export interface Option {
  label: string;
  node: A11yNode;
  selected: boolean;
}

export interface Field {
  node: A11yNode;
  kind: FieldKind;
  /** Unique within the window; the name set_field/toggle/select accept. */
  label: string;
  value: string | number | boolean;
  /** set_field can change it (editable text, spin button, slider). */
  settable: boolean;
  multiLine: boolean;
  /** Choices of a combo box. */
  options: Option[];
  /** Characters of the whole text when the probe read only the first ones (`character_count`). */
  totalLength?: number;
  /** The editable entry of an entry combo box. */
  entry?: A11yNode;
  /** Text of the error the app shows for this field (error_message relation, invalid_entry). */
  error?: string;
  /** A count shown right after it as part of it ("of 2": countSuffix.ts); shown, never compared. */
  shownAfter?: string;
}

export interface Collection {
  kind: 'table' | 'list';
  node: A11yNode;
  label: string;
  columns: string[];
  /** Table rows, or one-element rows for a list. */
  rows: unknown[][];
  total: number;
  /** Selectable rows/items by their display label, for select. */
  options: Option[];
  /** Check boxes inside rows (checklists), by row label; `selected` = checked. */
  toggles: Option[];
  /** Children of `node` before the first row (column headers): offset for readChildren. */
  headerCount: number;
  /** Children per row: 1 for row nodes and lists, the column count for flat cell tables. */
  cellsPerRow: number;
  /** Indexes of the cells of a row that are shown (the toolkit's hidden columns left out). */
  shownColumns: number[];
  /** Index of the first row read: Qt shows only the rows on screen, maybe not from the first. */
  offset: number;
  /**
   * A view that creates its items only near the screen (GTK 4, lazyViews.ts): how many it holds,
   * from its scroll range. `total` then counts the items read (load_rows cannot reach the others).
   */
  about?: { atLeast: number; atMost: number };
}

export interface Button {
  node: A11yNode;
  label: string;
  hint: string;
}

export interface MenuEntry {
  path: string;
  node: A11yNode;
  /** A menu the app fills only when it opens (Thunar's File, Thunderbird's File › New): its path is the menu's own. */
  lazy?: boolean;
}

export interface Notice {
  severity: Severity;
  text: string;
}

export interface TabStrip {
  node: A11yNode;
  label: string;
  options: Option[];
}

export interface WindowReading {
  rule: ShowRule;
  /** Shown text not used as a label elsewhere, in reading order. */
  texts: string[];
  fields: Field[];
  /** Check boxes inside table rows, named by their row: toggled like fields, shown in the table. */
  rowToggles: Field[];
  collections: Collection[];
  notices: Notice[];
  buttons: Button[];
  menus: MenuEntry[];
  tabs: TabStrip[];
  /**
   * Areas that take typed keys but expose no text (a document drawn on a bare drawing area):
   * type_text reaches them, nothing reads them back.
   */
  keyAreas: A11yNode[];
  /**
   * Editable documents whose content is read through their children (a LibreOffice slide and its
   * shapes): type_text types into them, the read shows what they hold.
   */
  editors: A11yNode[];
  /** The message of a message dialog and its severity ("question" asks, it does not warn). */
  message?: { text: string; kind: Severity | 'question' };
  /** The current folder of a file chooser. */
  folder?: string;
}
