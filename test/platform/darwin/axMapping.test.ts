/** AX element → neutral node, one rule at a time (fixtures/ax for whole windows). */
import { describe, expect, it } from 'vitest';
import { axNodeToA11y } from '../../../src/platform/darwin/axMapping.js';
import type { AxNode } from '../../../src/platform/darwin/axSchemas.js';
import { SENSITIVE_MASK } from '../../../src/platform/probe.js';

function raw(overrides: Partial<AxNode>): AxNode {
  return {
    i: 1,
    p: 0,
    ref: '88:501/r.0',
    role: 'AXButton',
    subrole: '',
    title: 'OK',
    description: '',
    help: '',
    identifier: '',
    placeholder: '',
    enabled: true,
    focused: false,
    selected: false,
    expanded: null,
    modal: false,
    frame: [1, 2, 30, 40],
    actions: ['AXPress'],
    ...overrides,
  };
}
const WINDOW = raw({ role: 'AXWindow', i: 0, p: -1 });
const map = (node: Partial<AxNode>, parent: AxNode | null = WINDOW, modal = false) => axNodeToA11y(raw(node), parent ?? undefined, modal);

describe('axNodeToA11y', () => {
  it('maps AX roles and subroles to AT-SPI roles', () => {
    expect(map({})?.role).toBe('push_button');
    expect(map({ role: 'AXTextField' })?.role).toBe('text');
    expect(map({ role: 'AXTextField', subrole: 'AXSecureTextField', secure: true })?.role).toBe('password_text');
    expect(map({ role: 'AXRadioButton', subrole: 'AXTabButton' })?.role).toBe('page_tab');
    expect(map({ role: 'AXRow', subrole: 'AXOutlineRow' })?.role).toBe('tree_item');
    expect(map({ role: 'AXSheet' })?.role).toBe('dialog');
    expect(map({ role: 'AXWindow', subrole: 'AXStandardWindow' }, null)?.role).toBe('frame');
    expect(map({ role: 'AXWindow', subrole: 'AXStandardWindow' }, null, true)?.role).toBe('dialog');
    expect(map({ role: 'AXWindow', subrole: 'AXDialog' }, null)?.role).toBe('dialog');
    expect(map({ role: 'AXSomethingNew' })?.role).toBe('unknown');
  });

  it('drops title-bar buttons, like Linux trees have none', () => {
    expect(map({ subrole: 'AXCloseButton' })).toBeNull();
    expect(map({ subrole: 'AXZoomButton' })).toBeNull();
  });

  it('names static text by its value and fields by their title element', () => {
    expect(map({ role: 'AXStaticText', title: '', value: 'Connection failed' })).toMatchObject({ role: 'label', name: 'Connection failed' });
    expect(map({ role: 'AXStaticText', value: 'x' })?.value).toBeUndefined();
    expect(map({ role: 'AXTextField', title: '', titleElement: 'Account', value: 'maria' })).toMatchObject({ name: 'Account', value: 'maria' });
    expect(map({ role: 'AXPopUpButton', title: '', description: 'File Format' })?.name).toBe('File Format');
  });

  it('maps values and AX attributes to states and actions', () => {
    expect(map({ role: 'AXCheckBox', value: '1' })?.states).toEqual(expect.arrayContaining(['checkable', 'checked']));
    expect(map({ role: 'AXCheckBox', value: '2' })?.states).toContain('indeterminate');
    expect(map({ role: 'AXCheckBox', value: '0' })?.value).toBeUndefined();
    expect(map({ role: 'AXTextField', valueSettable: true })?.states).toContain('editable');
    expect(map({ role: 'AXTextField', valueSettable: false })?.states).not.toContain('editable');
    expect(map({ role: 'AXTextArea', valueSettable: true })?.states).toEqual(expect.arrayContaining(['editable', 'multi_line']));
    expect(map({ role: 'AXDisclosureTriangle', expanded: false })?.states).toEqual(expect.arrayContaining(['expandable', 'collapsed']));
    expect(map({ enabled: false })?.states).not.toContain('enabled');
    expect(map({ role: 'AXSlider', actions: ['AXIncrement', 'AXDecrement', 'AXShowDefaultUI'] })?.actions).toEqual(['increment', 'decrement']);
    expect(map({ actions: ['AXPress'] })?.actions).toEqual(['click']);
  });

  it('masks secure fields from their character count only (P-SENS-1)', () => {
    expect(map({ role: 'AXTextField', subrole: 'AXSecureTextField', secure: true, charCount: 8 })).toMatchObject({ value: SENSITIVE_MASK, sensitive: true });
    expect(map({ role: 'AXTextField', subrole: 'AXSecureTextField', secure: true, charCount: 0 })).toMatchObject({ value: '', sensitive: true });
  });
});
