/**
 * UI Automation elements → platform-neutral nodes (AT-SPI vocabulary, see probe.ts). Control
 * types give the role, control patterns give states and actions. Sources: the UIA control type
 * and control pattern reference (learn.microsoft.com/windows/win32/winauto/uiauto-controltypesoverview
 * and uiauto-controlpatternsoverview).
 */
import { SENSITIVE_MASK, type A11yNode } from '../probe.js';
import type { UiaNode } from './uiaSchemas.js';
import { own } from '../../util/own.js';

const ROLE_BY_CONTROL_TYPE: Record<string, string> = {
  AppBar: 'tool_bar',
  Button: 'push_button',
  Calendar: 'calendar',
  CheckBox: 'check_box',
  ComboBox: 'combo_box',
  Custom: 'unknown',
  DataGrid: 'table',
  DataItem: 'table_row',
  Document: 'text',
  Edit: 'text',
  Group: 'panel',
  Header: 'panel',
  HeaderItem: 'table_column_header',
  Hyperlink: 'link',
  Image: 'image',
  List: 'list',
  ListItem: 'list_item',
  Menu: 'menu',
  MenuBar: 'menu_bar',
  MenuItem: 'menu_item',
  Pane: 'panel',
  ProgressBar: 'progress_bar',
  RadioButton: 'radio_button',
  ScrollBar: 'scroll_bar',
  SemanticZoom: 'panel',
  Separator: 'separator',
  Slider: 'slider',
  Spinner: 'spin_button',
  SplitButton: 'push_button',
  StatusBar: 'status_bar',
  Tab: 'page_tab_list',
  TabItem: 'page_tab',
  Table: 'table',
  Text: 'label',
  Thumb: 'panel',
  ToolBar: 'tool_bar',
  ToolTip: 'tool_tip',
  Tree: 'tree',
  TreeItem: 'tree_item',
  Window: 'frame',
};

/** The title bar (system menu, minimise/maximise/close) is window chrome, absent on Linux too. */
const DROPPED_CONTROL_TYPES = new Set(['TitleBar']);

const TEXT_ROLES = new Set(['text', 'password_text']);

function roleOf(raw: UiaNode, parent: UiaNode | undefined, windowModal: boolean): string {
  if (raw.password) return 'password_text';
  if (raw.controlType === 'Button' && raw.patterns.includes('Toggle')) return 'toggle_button';
  if (raw.controlType === 'Window') {
    if (!parent) return windowModal || raw.modal ? 'dialog' : 'frame';
    return raw.modal ? 'dialog' : 'internal_frame';
  }
  const cellLike = raw.patterns.includes('GridItem') || raw.patterns.includes('TableItem');
  if (cellLike && parent && (parent.controlType === 'DataItem' || parent.controlType === 'ListItem')) return 'table_cell';
  return own(ROLE_BY_CONTROL_TYPE, raw.controlType) ?? 'unknown';
}

function statesOf(raw: UiaNode, role: string): string[] {
  const states = raw.offscreen ? ['visible'] : ['visible', 'showing'];
  if (raw.enabled) states.push('enabled', 'sensitive');
  if (raw.focusable) states.push('focusable');
  if (raw.focused) states.push('focused');
  if (TEXT_ROLES.has(role) && raw.patterns.includes('Value') && raw.readOnly !== true) states.push('editable');
  if (raw.controlType === 'Document') states.push('multi_line');
  if (raw.patterns.includes('Toggle')) states.push('checkable');
  if (raw.toggle === 'On') states.push('checked');
  if (raw.toggle === 'Indeterminate') states.push('indeterminate');
  if (raw.selected) states.push('selected');
  if (raw.selected && role === 'radio_button') states.push('checked');
  if (raw.patterns.includes('SelectionItem')) states.push('selectable');
  if (raw.expand === 'Collapsed') states.push('expandable', 'collapsed');
  if (raw.expand === 'Expanded' || raw.expand === 'PartiallyExpanded') states.push('expandable', 'expanded');
  if (raw.modal) states.push('modal');
  return states;
}

/** Action names in AT-SPI's words; the tree source maps them back to patterns. */
function actionsOf(raw: UiaNode): string[] {
  const actions: string[] = [];
  if (raw.patterns.includes('Invoke')) actions.push('click');
  if (raw.patterns.includes('Toggle')) actions.push('toggle');
  if (raw.patterns.includes('SelectionItem')) actions.push('select');
  if (raw.patterns.includes('ExpandCollapse') && raw.expand !== 'LeafNode') {
    actions.push(raw.expand === 'Expanded' || raw.expand === 'PartiallyExpanded' ? 'collapse' : 'expand');
  }
  return actions;
}

function valueOf(raw: UiaNode): string | undefined {
  // P-SENS-1: the helper never reads a password field, so emptiness is unknown: always masked.
  if (raw.password) return SENSITIVE_MASK;
  if (raw.value !== undefined) return raw.value;
  if (raw.range) return String(raw.range.value);
  return undefined;
}

function attributesOf(raw: UiaNode): Record<string, string> {
  const attributes: Record<string, string> = { 'uia-control-type': raw.controlType };
  if (raw.automationId) attributes['automation-id'] = raw.automationId;
  if (raw.className) attributes['class-name'] = raw.className;
  if (raw.frameworkId) attributes['framework-id'] = raw.frameworkId;
  if (raw.range) Object.assign(attributes, { 'value-min': String(raw.range.min), 'value-max': String(raw.range.max) });
  if (raw.valueTruncated) attributes['value-truncated'] = 'true';
  return attributes;
}

/**
 * One element → one neutral node (children are attached by `buildForest`); null drops the
 * element and its subtree. `windowModal` is the window's modality from the topology.
 */
export function uiaNodeToA11y(raw: UiaNode, parent: UiaNode | undefined, windowModal: boolean): A11yNode | null {
  if (DROPPED_CONTROL_TYPES.has(raw.controlType)) return null;
  const role = roleOf(raw, parent, windowModal);
  const value = valueOf(raw);
  const actions = actionsOf(raw);
  const [x = 0, y = 0, width = 0, height = 0] = raw.bounds ?? [];
  return {
    ref: raw.ref,
    role,
    name: raw.name,
    ...(raw.helpText ? { description: raw.helpText } : {}),
    ...(value !== undefined ? { value } : {}),
    ...(raw.password ? { sensitive: true } : {}),
    states: statesOf(raw, role),
    attributes: attributesOf(raw),
    ...(raw.labeledBy ? { relations: [{ type: 'labelled_by', targets: [raw.labeledBy] }] } : {}),
    ...(actions.length > 0 ? { actions } : {}),
    ...(raw.bounds ? { bounds: { x, y, width, height } } : {}),
    children: [],
    ...(raw.childCount !== undefined ? { childCount: raw.childCount } : {}),
  };
}
