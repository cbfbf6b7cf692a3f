/**
 * Web pages as Gecko and Chromium expose them: words that exist only inside a text with embedded
 * objects (U+FFFC, one per child), a `<div>`'s text on a `section`, a notification bar's message,
 * a tab strip's own buttons, and a table whose headers are its first row.
 */
import { describe, expect, it } from 'vitest';
import { readWindow } from '../../../src/translate/kit/reading.js';
import { frame, n } from './nodes.js';

const O = '\uFFFC';
const link = (name: string) => n('link', name, { actions: ['jump'] });

describe('text with embedded objects', () => {
  it('Gecko: a paragraph keeps its sentence, the link its words in place, and the link stays pressable', () => {
    const root = frame('Page', [n('paragraph', '', { value: `Read ${O} before you sign.` }, [link('the terms')])]);
    const reading = readWindow(root);
    expect(reading.texts).toEqual(['Read the terms before you sign.']);
    expect(reading.buttons.map((b) => b.label)).toEqual(['the terms']);
  });

  it('a paragraph that only holds a button is the button, no sentence (Chromium)', () => {
    const root = frame('Page', [n('paragraph', '', { value: O }, [n('push_button', 'Submit', { actions: ['click'] })])]);
    const reading = readWindow(root);
    expect(reading.texts).toEqual([]);
    expect(reading.buttons.map((b) => b.label)).toEqual(['Submit']);
  });

  it('objects that are not one per child (Chromium text runs as children): the children are read', () => {
    const root = frame('Page', [n('paragraph', '', { value: `Hello ${O}` }, [n('static', 'Hello'), link('world')])]);
    const reading = readWindow(root);
    expect(reading.texts).toEqual(['Hello']);
    expect(reading.buttons.map((b) => b.label)).toEqual(['world']);
  });

  it("a div's own text around a block is read, each run apart, and the block too", () => {
    // Runs sort by their div's place in the tree, so they come before the div's blocks.
    const root = frame('Page', [n('section', '', { value: `Intro words ${O} closing words` }, [n('paragraph', '', { value: 'A paragraph.' })])]);
    expect(readWindow(root).texts).toEqual(['Intro words', 'closing words', 'A paragraph.']);
  });

  it('a div (section) with text of its own is read; one with objects only is a container', () => {
    const root = frame('Page', [
      n('section', '', { value: 'Plain words in a div' }),
      n('section', '', { value: `${O}${O}` }, [n('heading', 'Title'), n('paragraph', '', { value: 'Body.' })]),
    ]);
    expect(readWindow(root).texts).toEqual(['Plain words in a div', 'Title', 'Body.']);
  });
});

describe('browser chrome', () => {
  it("a notification bar's message on a section is the notice text, its button pressable", () => {
    const bar = n('alert', '', {}, [
      n('image', 'Warning'),
      n('section', '', { value: `The security sandbox is disabled. ${O}` }, [n('push_button', 'Learn more', { actions: ['click'] })]),
    ]);
    const reading = readWindow(frame('Page', [n('tool_bar', '', {}, [bar])]));
    expect(reading.notices.map((x) => x.text)).toContain('The security sandbox is disabled.');
    expect(reading.buttons.map((b) => b.label)).toContain('Learn more');
  });

  it("a tab strip's own button (Open a new tab) is pressable beside the tabs", () => {
    const strip = n('page_tab_list', '', {}, [
      n('page_tab', 'Page one', { states: ['enabled', 'sensitive', 'visible', 'showing', 'selected'] }),
      n('page_tab', 'Page two', {}),
      n('push_button', 'Open a new tab (Ctrl+T)', { actions: ['press'] }),
    ]);
    expect(readWindow(frame('Browser', [strip])).buttons.map((b) => b.label)).toContain('Open a new tab (Ctrl+T)');
  });
});

describe('web tables', () => {
  it('a first row of header cells names the columns and is no data row', () => {
    const cell = (text: string) => n('table_cell', '', { value: text });
    const table = n('table', '', {}, [
      n('table_row', '', {}, [n('column_header', 'Item'), n('column_header', 'Price')]),
      n('table_row', '', {}, [cell('Tea'), cell('3')]),
      n('table_row', '', {}, [cell('Cake'), cell('5')]),
    ]);
    const [collection] = readWindow(frame('Page', [table])).collections;
    expect(collection?.columns).toEqual(['Item', 'Price']);
    expect(collection?.rows).toEqual([
      ['Tea', '3'],
      ['Cake', '5'],
    ]);
  });
});

describe('status bars', () => {
  it("a status bar that is its name alone (Thunar) reads that name; a GTK status bar's stale name behind an empty label does not", () => {
    const thunar = n('status_bar', '1 folder  |  3 files: 43 bytes', {});
    const gtk = n('status_bar', 'Loading file…', {}, [n('label', '', {})]);
    const notices = readWindow(frame('w', [thunar, gtk])).notices.map((x) => x.text);
    expect(notices).toContain('1 folder | 3 files: 43 bytes');
    expect(notices.join(' ')).not.toContain('Loading file');
  });
});
