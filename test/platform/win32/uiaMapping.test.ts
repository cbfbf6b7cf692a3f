/** UIA element → neutral node, one rule at a time (fixtures/uia for whole windows). */
import { describe, expect, it } from 'vitest';
import { SENSITIVE_MASK } from '../../../src/platform/probe.js';
import { uiaNodeToA11y } from '../../../src/platform/win32/uiaMapping.js';
import type { UiaNode } from '../../../src/platform/win32/uiaSchemas.js';

function raw(overrides: Partial<UiaNode>): UiaNode {
  return {
    i: 1,
    p: 0,
    ref: '7:42.1',
    controlType: 'Button',
    name: 'OK',
    automationId: '',
    className: '',
    frameworkId: 'Win32',
    enabled: true,
    offscreen: false,
    focusable: true,
    focused: false,
    password: false,
    bounds: [1, 2, 30, 40],
    helpText: '',
    patterns: [],
    ...overrides,
  };
}
const WINDOW = raw({ controlType: 'Window', p: -1, i: 0 });
/** `parent: null` = the element is the window's root. */
const map = (node: Partial<UiaNode>, parent: UiaNode | null = WINDOW, modal = false) => uiaNodeToA11y(raw(node), parent ?? undefined, modal);

describe('uiaNodeToA11y', () => {
  it('maps control types to AT-SPI roles, with context for toggle buttons, cells and windows', () => {
    expect(map({ controlType: 'Button', patterns: ['Invoke'] })?.role).toBe('push_button');
    expect(map({ controlType: 'Button', patterns: ['Toggle'] })?.role).toBe('toggle_button');
    expect(map({ controlType: 'Edit' })?.role).toBe('text');
    expect(map({ controlType: 'Text' })?.role).toBe('label');
    expect(map({ controlType: 'DataItem' })?.role).toBe('table_row');
    expect(map({ controlType: 'Custom', patterns: ['GridItem'] }, raw({ controlType: 'DataItem' }))?.role).toBe('table_cell');
    expect(map({ controlType: 'Window' }, null, true)?.role).toBe('dialog');
    expect(map({ controlType: 'Window' }, null, false)?.role).toBe('frame');
    expect(map({ controlType: 'Window', modal: true }, WINDOW)?.role).toBe('dialog');
    expect(map({ controlType: 'SomethingNew' })?.role).toBe('unknown');
    expect(map({ controlType: 'TitleBar' })).toBeNull();
  });

  it('maps patterns to actions in AT-SPI words', () => {
    expect(map({ patterns: ['Invoke'] })?.actions).toEqual(['click']);
    expect(map({ controlType: 'CheckBox', patterns: ['Toggle'], toggle: 'Off' })?.actions).toEqual(['toggle']);
    expect(map({ controlType: 'ListItem', patterns: ['SelectionItem'] })?.actions).toEqual(['select']);
    expect(map({ controlType: 'TreeItem', patterns: ['ExpandCollapse'], expand: 'Collapsed' })?.actions).toEqual(['expand']);
    expect(map({ controlType: 'TreeItem', patterns: ['ExpandCollapse'], expand: 'Expanded' })?.actions).toEqual(['collapse']);
    expect(map({ controlType: 'TreeItem', patterns: ['ExpandCollapse'], expand: 'LeafNode' })?.actions).toBeUndefined();
  });

  it('maps properties and pattern states to AT-SPI states', () => {
    expect(map({ controlType: 'CheckBox', patterns: ['Toggle'], toggle: 'On' })?.states).toEqual(
      expect.arrayContaining(['checkable', 'checked', 'enabled', 'sensitive', 'showing', 'visible']),
    );
    expect(map({ controlType: 'RadioButton', patterns: ['SelectionItem'], selected: true })?.states).toEqual(expect.arrayContaining(['checked', 'selected']));
    expect(map({ controlType: 'Edit', patterns: ['Value'], readOnly: false })?.states).toContain('editable');
    expect(map({ controlType: 'Edit', patterns: ['Value'], readOnly: true })?.states).not.toContain('editable');
    expect(map({ enabled: false })?.states).not.toContain('enabled');
    expect(map({ offscreen: true })?.states).toEqual(expect.not.arrayContaining(['showing']));
  });

  it('never carries a password: IsPassword fields are masked and marked sensitive (P-SENS-1)', () => {
    const node = map({ controlType: 'Edit', password: true, patterns: ['Value'], value: 'hunter2' });
    expect(node).toMatchObject({ role: 'password_text', sensitive: true, value: SENSITIVE_MASK });
    expect(JSON.stringify(node)).not.toContain('hunter2');
  });

  it('keeps values, ranges, labels, bounds and identifiers', () => {
    expect(map({ controlType: 'Slider', patterns: ['RangeValue'], range: { value: 12, min: 8, max: 24 } })).toMatchObject({
      value: '12',
      attributes: expect.objectContaining({ 'value-min': '8', 'value-max': '24' }),
    });
    expect(map({ controlType: 'Edit', labeledBy: '7:42.9', automationId: '1001' })).toMatchObject({
      relations: [{ type: 'labelled_by', targets: ['7:42.9'] }],
      attributes: expect.objectContaining({ 'automation-id': '1001', 'uia-control-type': 'Edit' }),
      bounds: { x: 1, y: 2, width: 30, height: 40 },
    });
  });
});
