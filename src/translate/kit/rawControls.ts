/**
 * The controls a window walk meets, as raw controls (their kind, own label, value, options)
 * before labels from the layout are paired with them: check boxes and radios, numbers and
 * displays, combo boxes and their options, displays an application draws.
 */
import type { A11yNode } from '../../platform/probe.js';
import { hasState, isEnabled } from '../tree.js';
import { comboRowValue, isComboRow } from './comboRows.js';
import { cleanText, controlLabel, hintOf, repairName } from './labels.js';
import type { FieldKind, Option } from './model.js';
import { DISPLAY_ROLES, TEXT_INPUT_ROLES } from './roles.js';
import { isPresent } from './visibility.js';

export interface RawControl {
  node: A11yNode;
  kind: FieldKind;
  /** A label the control carries itself (check box text); '' when it needs a label from layout. */
  ownLabel: string;
  value: string | number | boolean;
  settable: boolean;
  multiLine: boolean;
  options: Option[];
  entry?: A11yNode;
  totalLength?: number;
}

export function drawnDisplay(node: A11yNode): RawControl {
  return { node, kind: 'display', ownLabel: repairName(node.name), value: hintOf(node), settable: false, multiLine: false, options: [] };
}

export function toggleControl(node: A11yNode): RawControl {
  return {
    node,
    kind: node.role === 'radio_button' ? 'radio' : 'check',
    ownLabel: controlLabel(node),
    value: hasState(node, 'checked') || hasState(node, 'pressed'),
    settable: isEnabled(node),
    multiLine: false,
    options: [],
  };
}

export function numberControl(node: A11yNode): RawControl {
  const raw = cleanText(node.value ?? '');
  const number = raw === '' ? NaN : Number(raw);
  const display = DISPLAY_ROLES.has(node.role);
  return {
    node,
    kind: display ? 'display' : 'number',
    ownLabel: repairName(node.name),
    value: Number.isFinite(number) ? number : raw,
    settable: !display && isEnabled(node),
    multiLine: false,
    options: [],
  };
}

export function comboControl(node: A11yNode): RawControl {
  // Its options show only while it is open (select opens it): the ones seen now are not all of them.
  if (isComboRow(node)) {
    return { node, kind: 'choice', ownLabel: repairName(node.name), value: comboRowValue(node), settable: isEnabled(node), multiLine: false, options: [] };
  }
  const entry = findEditable(node);
  const options = comboOptions(node);
  const chosen = options.find((o) => o.selected)?.label;
  const name = repairName(node.name);
  // A web page's <select> is named by its <label> and says its value only through the chosen
  // option (Chromium); elsewhere a combo box's name is its value.
  const labelled = !entry && !node.value && chosen !== undefined && name !== '' && name !== chosen;
  const value = entry ? cleanText(entry.value ?? '') : labelled ? chosen : repairName(node.value || node.name) || chosen || shownLabel(node);
  return { node, kind: 'choice', ownLabel: labelled ? name : '', value, settable: isEnabled(node), multiLine: false, options, ...(entry ? { entry } : {}) };
}

/**
 * The text a drop-down shows on its button when neither its name nor a chosen option says it:
 * GTK 4's GtkDropDown is named by its type and stacks a "(None)" placeholder and the selected
 * item's row, the one not shown laid out at zero size (the probe's `zeroSize`).
 */
function shownLabel(node: A11yNode): string {
  for (const child of node.children) {
    if (!isPresent(child)) continue;
    const label = child.role === 'label' ? repairName(child.name) : '';
    const found = label || (OPTION_ROLES.has(child.role) ? '' : shownLabel(child));
    if (found) return found;
  }
  return '';
}

function findEditable(node: A11yNode): A11yNode | undefined {
  for (const child of node.children) {
    if (TEXT_INPUT_ROLES.has(child.role) && hasState(child, 'editable')) return child;
  }
  return undefined;
}

const OPTION_ROLES = new Set(['menu_item', 'list_item', 'table_cell', 'check_menu_item']);
/** Java Swing renders a combo box's options as selectable labels in its popup's list. */
const isSelectableLabel = (node: A11yNode) => node.role === 'label' && hasState(node, 'selectable');

function comboOptions(node: A11yNode): Option[] {
  const options: Option[] = [];
  const walk = (n: A11yNode) => {
    for (const child of n.children) {
      const label = repairName(child.name);
      // A closed drop-down's options are off screen (Chromium shows only the chosen one): enabled counts.
      if ((OPTION_ROLES.has(child.role) || isSelectableLabel(child)) && label && (isPresent(child) || isEnabled(child))) {
        if (!options.some((o) => o.label === label)) options.push({ label, node: child, selected: hasState(child, 'selected') });
      } else walk(child);
    }
  };
  walk(node);
  return options;
}
