/**
 * Widgets of an application written as a web page, as Gecko exposes them (Thunderbird's 3-pane
 * window): a tree whose items nest inside groups, a toolbar laid out in a `<ul>`, a required
 * search box left empty, and a status text kept at its height by a zero-width space.
 */
import { describe, expect, it } from 'vitest';
import { readWindow } from '../../../src/translate/kit/reading.js';
import { GTK3, frame, n } from './nodes.js';

const SELECTABLE = [...GTK3, 'selectable', 'focusable'];
const item = (name: string, children: ReturnType<typeof n>[] = [], states = SELECTABLE) =>
  n('tree_item', name, { states, actions: ['activate'] }, [n('section', '', { value: name.split(',')[0] }), ...children]);
const group = (...items: ReturnType<typeof n>[]) => n('panel', '', { attributes: { 'xml-roles': 'group' } }, items);

describe('a tree whose items nest in groups (ARIA tree)', () => {
  // Thunderbird's folder tree: one unnamed item per folder mode, wrapping an account, wrapping its folders.
  const folders = group(item('Inbox, 3 unread messages'), item('Trash'), item('Outbox'));
  const tree = n('tree', '', {}, [n('tree_item', '', { states: SELECTABLE }, [group(item('Local Folders', [folders]))])]);

  it('reads every item as a row of its own, parents first, and no row for the wrapper', () => {
    const [collection] = readWindow(frame('Mail', [tree])).collections;
    expect(collection?.rows).toEqual([['Local Folders'], ['Inbox, 3 unread messages'], ['Trash'], ['Outbox']]);
    expect(collection?.options.map((o) => o.label)).toEqual(['Local Folders', 'Inbox, 3 unread messages', 'Trash', 'Outbox']);
    // All rows are read: nothing is left for load_rows.
    expect(collection?.total).toBe(4);
  });
});

describe('a list that lays out a toolbar', () => {
  it('is no collection: the search box and button inside its items are read where they stand', () => {
    const search = n('entry', 'Search', { states: [...GTK3, 'editable', 'focusable', 'single_line'], value: '' });
    const toolbar = n('tool_bar', '', {}, [
      n('list', '', {}, [n('list_item', ''), n('list_item', '', {}, [n('form', '', {}, [search, n('push_button', 'Search', { actions: ['press'] })])])]),
    ]);
    const reading = readWindow(frame('Mail', [toolbar]));
    expect(reading.collections).toEqual([]);
    expect(reading.fields.map((f) => f.label)).toEqual(['Search']);
    expect(reading.buttons.map((b) => b.label)).toEqual(['Search']);
  });

  it('a list of words stays a list', () => {
    const list = n('list', '', {}, [n('list_item', 'First point'), n('list_item', 'Second point')]);
    expect(readWindow(frame('Page', [list])).collections[0]?.rows).toEqual([['First point'], ['Second point']]);
  });
});

describe('states and marks that say nothing', () => {
  it('a required box left empty is not filled in yet, no error; filled in wrongly it is one', () => {
    const box = (value: string) => n('entry', 'Search', { states: [...GTK3, 'editable', 'invalid_entry', 'required'], value });
    expect(readWindow(frame('Mail', [box('')])).notices).toEqual([]);
    expect(readWindow(frame('Mail', [box('x')])).notices.map((x) => x.text)).toEqual(['Search: invalid value']);
  });

  it('a status text of a zero-width space is no notice', () => {
    const status = n('status_bar', '', {}, [n('label', '\u200b', { value: '\u200b' })]);
    expect(readWindow(frame('Mail', [status])).notices).toEqual([]);
  });
});
