/**
 * AX elements → platform-neutral nodes (AT-SPI vocabulary, see probe.ts). Roles and subroles
 * from Apple's accessibility constants (developer.apple.com/documentation/applicationservices/
 * carbon_accessibility/roles, …/subroles, …/attributes) and NSAccessibility role docs.
 */
import { SENSITIVE_MASK, type A11yNode } from '../probe.js';
import type { AxNode } from './axSchemas.js';
import { own } from '../../util/own.js';

const ROLE_BY_AX_ROLE: Record<string, string> = {
  AXApplication: 'application',
  AXBrowser: 'panel',
  AXBusyIndicator: 'progress_bar',
  AXButton: 'push_button',
  AXCell: 'table_cell',
  AXCheckBox: 'check_box',
  AXColorWell: 'push_button',
  AXColumn: 'panel',
  AXComboBox: 'combo_box',
  AXDateField: 'date_editor',
  AXDisclosureTriangle: 'toggle_button',
  AXDrawer: 'panel',
  AXGrid: 'table',
  AXGroup: 'panel',
  AXHeading: 'heading',
  AXHelpTag: 'tool_tip',
  AXImage: 'image',
  AXIncrementor: 'spin_button',
  AXLayoutArea: 'panel',
  AXLayoutItem: 'panel',
  AXLevelIndicator: 'level_bar',
  AXLink: 'link',
  AXList: 'list',
  AXMatte: 'panel',
  AXMenu: 'menu',
  AXMenuBar: 'menu_bar',
  AXMenuBarItem: 'menu',
  AXMenuButton: 'push_button',
  AXMenuItem: 'menu_item',
  AXOutline: 'tree_table',
  AXPopUpButton: 'combo_box',
  AXProgressIndicator: 'progress_bar',
  AXRadioButton: 'radio_button',
  AXRadioGroup: 'panel',
  AXRelevanceIndicator: 'level_bar',
  AXRow: 'table_row',
  AXRuler: 'panel',
  AXScrollArea: 'scroll_pane',
  AXScrollBar: 'scroll_bar',
  AXSheet: 'dialog',
  AXSlider: 'slider',
  AXSplitGroup: 'split_pane',
  AXSplitter: 'separator',
  AXStaticText: 'label',
  AXTabGroup: 'page_tab_list',
  AXTable: 'table',
  AXTextArea: 'text',
  AXTextField: 'text',
  AXToolbar: 'tool_bar',
  AXValueIndicator: 'panel',
  AXWebArea: 'document_web',
  AXWindow: 'frame',
};

/** Title-bar buttons are window chrome, absent from Linux trees too. */
const DROPPED_SUBROLES = new Set(['AXCloseButton', 'AXMinimizeButton', 'AXZoomButton', 'AXFullScreenButton', 'AXToolbarButton']);
const DROPPED_ROLES = new Set(['AXGrowArea']);

const ACTION_NAMES: Record<string, string> = {
  AXPress: 'click',
  AXIncrement: 'increment',
  AXDecrement: 'decrement',
  AXConfirm: 'confirm',
  AXCancel: 'cancel',
  AXShowMenu: 'show_menu',
  AXPick: 'pick',
};

const CHECKABLE = new Set(['check_box', 'radio_button', 'toggle_button']);

function roleOf(raw: AxNode, isRoot: boolean, windowModal: boolean): string {
  if (raw.subrole === 'AXSecureTextField') return 'password_text';
  if (raw.subrole === 'AXTabButton') return 'page_tab';
  if (raw.subrole === 'AXOutlineRow') return 'tree_item';
  if (raw.subrole === 'AXSwitch') return 'toggle_button';
  if (raw.role === 'AXWindow') {
    const dialog = raw.modal || raw.subrole === 'AXDialog' || raw.subrole === 'AXSystemDialog' || (isRoot && windowModal);
    return dialog ? 'dialog' : 'frame';
  }
  return own(ROLE_BY_AX_ROLE, raw.role) ?? 'unknown';
}

function statesOf(raw: AxNode, role: string): string[] {
  const states = ['visible', 'showing'];
  if (raw.enabled) states.push('enabled', 'sensitive');
  if (raw.focused) states.push('focused');
  if (raw.selected) states.push('selected');
  if (raw.expanded === true || raw.expanded === 1) states.push('expandable', 'expanded');
  if (raw.expanded === false || raw.expanded === 0) states.push('expandable', 'collapsed');
  if (raw.modal) states.push('modal');
  if ((role === 'text' || role === 'password_text' || role === 'combo_box') && raw.valueSettable) states.push('editable');
  if (raw.role === 'AXTextArea') states.push('multi_line');
  if (CHECKABLE.has(role) || role === 'page_tab') {
    states.push('checkable');
    if (raw.value === '1') states.push('checked');
    if (raw.value === '2') states.push('indeterminate');
  }
  return states;
}

function nameOf(raw: AxNode): string {
  if (raw.role === 'AXStaticText') return raw.value ?? raw.title;
  return raw.title || raw.titleElement || raw.description || '';
}

function valueOf(raw: AxNode, role: string): string | undefined {
  // P-SENS-1: the helper reads only the character count of a secure field, never its text.
  if (raw.secure) return (raw.charCount ?? 0) > 0 ? SENSITIVE_MASK : '';
  if (raw.role === 'AXStaticText' || CHECKABLE.has(role) || role === 'page_tab') return undefined;
  return raw.value;
}

function attributesOf(raw: AxNode): Record<string, string> {
  const attributes: Record<string, string> = { 'ax-role': raw.role };
  if (raw.subrole) attributes['ax-subrole'] = raw.subrole;
  if (raw.identifier) attributes['ax-identifier'] = raw.identifier;
  if (raw.placeholder) attributes.placeholder = raw.placeholder;
  if (typeof raw.min === 'number') attributes['value-min'] = String(raw.min);
  if (typeof raw.max === 'number') attributes['value-max'] = String(raw.max);
  if (raw.valueTruncated) attributes['value-truncated'] = 'true';
  return attributes;
}

/**
 * One AX element → one neutral node; null drops it with its subtree. `windowModal` is the
 * window's modality from the topology (sheets and app-modal dialogs).
 */
export function axNodeToA11y(raw: AxNode, parent: AxNode | undefined, windowModal: boolean): A11yNode | null {
  if (DROPPED_SUBROLES.has(raw.subrole) || DROPPED_ROLES.has(raw.role)) return null;
  const role = roleOf(raw, parent === undefined, windowModal);
  const value = valueOf(raw, role);
  const actions = raw.actions.map((a) => own(ACTION_NAMES, a)).filter((a): a is string => a !== undefined);
  const [x = 0, y = 0, width = 0, height = 0] = raw.frame ?? [];
  const description = raw.title && raw.description ? raw.description : raw.help;
  return {
    ref: raw.ref,
    role,
    name: nameOf(raw),
    ...(description ? { description } : {}),
    ...(value !== undefined ? { value } : {}),
    ...(raw.secure ? { sensitive: true } : {}),
    states: statesOf(raw, role),
    attributes: attributesOf(raw),
    ...(actions.length > 0 ? { actions } : {}),
    ...(raw.frame ? { bounds: { x, y, width, height } } : {}),
    children: [],
    ...(raw.childCount !== undefined ? { childCount: raw.childCount } : {}),
  };
}
