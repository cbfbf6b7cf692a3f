import { describe, expect, it } from 'vitest';
import type { A11yNode } from '../../../src/platform/probe.js';
import { iconLabel, iconLabelOfName } from '../../../src/translate/kit/iconNames.js';
import { controlLabel } from '../../../src/translate/kit/labels.js';

const n = (role: string, name: string, extra: Partial<A11yNode> = {}, children: A11yNode[] = []): A11yNode => ({
  ref: `r-${role}-${name}`,
  role,
  name,
  states: ['visible', 'showing', 'enabled'],
  children,
  ...extra,
});

describe('icon-only buttons get a human name', () => {
  it('cleans freedesktop icon names', () => {
    expect(iconLabel('edit-find-symbolic')).toBe('Find');
    expect(iconLabel('document-save')).toBe('Save');
    expect(iconLabel('open-menu-symbolic')).toBe('Open menu');
    expect(iconLabel('go-previous-symbolic-rtl')).toBe('Previous');
    expect(iconLabel('zoom-in')).toBe('Zoom in');
    expect(iconLabel('Save')).toBe('');
    expect(iconLabel('Save As…')).toBe('');
  });

  it("reads a button's own name as an icon name only when it surely is one", () => {
    expect(iconLabelOfName('window-close-symbolic')).toBe('Close');
    expect(iconLabelOfName('log-in')).toBe('');
  });

  it('names a button by its name, inner label, tooltip, then its icon', () => {
    expect(controlLabel(n('push_button', 'Find'))).toBe('Find');
    expect(controlLabel(n('push_button', 'edit-find-symbolic'))).toBe('Find');
    expect(controlLabel(n('push_button', '', { description: 'Search the document' }, [n('icon', 'edit-find-symbolic')]))).toBe('Search the document');
    expect(controlLabel(n('push_button', '', {}, [n('icon', 'edit-find-symbolic')]))).toBe('Find');
    expect(controlLabel(n('push_button', '', {}, [n('image', '', { description: 'list-add-symbolic' })]))).toBe('Add');
    expect(controlLabel(n('push_button', '', {}, [n('icon', 'Company logo')]))).toBe('');
  });
});
