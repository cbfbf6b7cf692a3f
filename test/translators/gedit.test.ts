/**
 * The gedit translator on recorded gedit windows (fixtures/gedit, fixtures/gtk-file-chooser):
 * what it reads (title, language, cursor, tabs, long texts), which windows it claims, and its
 * text actions against a scripted app (validation before any primitive, the effect awaited).
 */
import { describe, expect, it } from 'vitest';
import type { A11yNode } from '../../src/platform/probe.js';
import { pickTranslator } from '../../src/translate/registry.js';
import { fixtureFacts, translateFixture } from '../../src/testing/fixtureView.js';
import { loadFixture } from '../../src/testing/tester.js';
import { findFirst } from '../../src/translate/tree.js';
import type { ActionDef } from '../../src/translate/types.js';
import { isCloseQuestion } from '../../translators/gedit/closeQuestion.js';
import { isDocumentView, parseTitle, readEditor } from '../../translators/gedit/document.js';
import { geditTranslator } from '../../translators/gedit/index.js';
import { insertTextAction, setTextAction } from '../../translators/gedit/textActions.js';
import { registry } from '../../translators/index.js';
import { fakeContext } from './generic/fakeContext.js';

function window(path: string, title: RegExp) {
  const fixture = loadFixture(path);
  const facts = fixtureFacts(fixture).find((w) => title.test(w.title));
  if (!facts) throw new Error(`no window ${title} in ${path}`);
  return { facts, root: fixture.trees[facts.nativeId]?.root as A11yNode, fixture };
}

const editor = (path: string) => {
  const { facts, root } = window(path, / - gedit$/);
  return readEditor(facts.title, root);
};

describe('gedit: what it reads', () => {
  it('parses the title: name, folder, modified, read-only', () => {
    expect(parseTitle('*notes.txt (~/Documents) - gedit')).toEqual({ name: 'notes.txt', folder: '~/Documents', modified: true, readOnly: false });
    expect(parseTitle('Untitled Document 1 - gedit')).toEqual({ name: 'Untitled Document 1', folder: null, modified: false, readOnly: false });
    expect(parseTitle('hosts [Read-Only] (/etc) - gedit')).toEqual({ name: 'hosts', folder: '/etc', modified: false, readOnly: true });
  });

  it('reads language (status bar), cursor (caret offset) and the modified flag', () => {
    const r = editor('fixtures/gedit/editor-modified.json');
    expect(r).toMatchObject({
      name: 'notes.txt',
      folder: '~/Documents',
      modified: true,
      language: 'Plain Text',
      cursor: { line: 2, column: 42, offset: 52 },
      tabs: [],
    });
    expect(r.text).toBe('Dear team,\nthe quarterly report is attached. Thanks!');
  });

  it('lists the open documents and reads the shown one', () => {
    const r = editor('fixtures/gedit/editor-two-tabs.json');
    expect(r).toMatchObject({ name: 'hello.py', language: 'Python 2', cursor: { line: 1, column: 1 } });
    expect(r.tabs).toEqual([
      { name: 'notes.txt', modified: true, current: false },
      { name: 'hello.py', modified: false, current: true },
    ]);
    expect(r.text).toBe('def greet(name):\n    return f"Hello, {name}!"');
  });

  it('knows a long text only in part: length from the probe, cursor as an offset past the part', () => {
    const r = editor('fixtures/gedit/editor-untitled-long.json');
    expect(r.length).toBe(5499);
    expect(Array.from(r.text)).toHaveLength(2000);
    expect(r.cursor).toEqual({ line: null, column: null, offset: 5499 });
  });

  it('leaves out what an older recording does not show (no status bar children, no caret)', () => {
    const r = editor('fixtures/gedit/main.json');
    expect(r.language).toBeNull();
    expect(r.cursor).toBeNull();
  });
});

describe('gedit: the view', () => {
  it('says what the document is in one sentence and in fields', () => {
    const [view] = translateFixture(loadFixture('fixtures/gedit/editor-modified.json'), geditTranslator);
    expect(view?.summary).toBe('gedit — notes.txt in ~/Documents, unsaved changes, Plain Text, 2 lines, cursor at Ln 2, Col 42.');
    expect(view?.blocks[0]).toEqual({
      type: 'fields',
      id: 'document',
      items: [
        { label: 'Document', value: 'notes.txt' },
        { label: 'Folder', value: '~/Documents' },
        { label: 'Modified', value: true },
        { label: 'Language', value: 'Plain Text' },
        { label: 'Cursor', value: 'Ln 2, Col 42' },
        { label: 'Lines', value: 2 },
        { label: 'Characters', value: 52 },
      ],
    });
  });

  it('cuts a long text and offers the generic load_text beside its own actions', () => {
    const [view] = translateFixture(loadFixture('fixtures/gedit/editor-untitled-long.json'), geditTranslator);
    expect(view?.summary).toBe('gedit — Untitled Document 1 (not saved yet), unsaved changes, Plain Text, 5499 characters, cursor at character 5500.');
    expect(view?.blocks.find((b) => b.id === 'document-text')).toMatchObject({ text: expect.stringMatching(/…\n\[3499 more characters: use load_text\]$/) });
    const names = view?.actions.map((a) => a.name) ?? [];
    expect(names.slice(0, 6)).toEqual(['set_text', 'insert_text', 'save', 'save_as', 'open', 'close']);
    expect(names).toContain('load_text');
  });

  it('claims main windows and its close question, never the file chooser or its question', () => {
    const { fixture } = window('fixtures/gtk-file-chooser/gedit-replace-question.json', / - gedit$/);
    const claimed = fixtureFacts(fixture).map((w) => pickTranslator(registry, w, fixture.trees[w.nativeId]?.root as A11yNode).id);
    expect(claimed).toEqual(['gedit', 'gtk-file-chooser', 'gtk-file-chooser']);
    const question = window('fixtures/gedit/close-question.json', /^$/);
    expect(isCloseQuestion(question.root)).toBe(true);
    expect(pickTranslator(registry, question.facts, question.root).id).toBe('gedit');
  });

  it('offers answer on the close question: save, discard or cancel', () => {
    const views = translateFixture(loadFixture('fixtures/gedit/close-question.json'), geditTranslator);
    const question = views.find((v) => v.title === '');
    expect(question?.summary).toBe('gedit asks: Save changes to document “notes.txt” before closing?');
    const answer = question?.actions.find((a) => a.name === 'answer');
    expect(answer).toMatchObject({ kind: 'destructive', inputSchema: { properties: { choice: { enum: ['save', 'discard', 'cancel'] } } } });
  });
});

describe('gedit: text actions against a scripted app', () => {
  const run = (action: ActionDef, args: Record<string, unknown>, ctx: ReturnType<typeof fakeContext>['ctx']) => action.run(args as never, ctx);
  const docWith = (text: string, caret: number): A11yNode => {
    const { root } = window('fixtures/gedit/editor-modified.json', / - gedit$/);
    const copy = structuredClone(root);
    const view = findFirst(copy, isDocumentView) as A11yNode;
    view.value = text;
    view.attributes = { caret_offset: String(caret) };
    return copy;
  };

  it('insert_text refuses an offset past the end before touching the app', async () => {
    const { ctx, calls } = fakeContext(docWith('hello', 0));
    await expect(run(insertTextAction, { text: '!', at: 6 }, ctx)).rejects.toMatchObject({
      code: 'validation_failed',
      extra: { fields: [{ field: 'at', error: 'must be at most 5' }] },
    });
    expect(calls).toEqual([]);
  });

  it('insert_text at the cursor inserts at the caret offset and waits for the text', async () => {
    const view = findFirst(docWith('hello', 2), isDocumentView) as A11yNode;
    const { ctx, calls } = fakeContext(docWith('hello', 2), (c) => (c.primitive === 'insertText' ? { root: docWith('he--llo', 4) } : undefined));
    expect(await run(insertTextAction, { text: '--', at: 'cursor' }, ctx)).toMatchObject({ result: { length: 7, lines: 1 } });
    expect(calls).toEqual([{ primitive: 'insertText', args: [view.ref, '--', 2] }]);
  });

  it('set_text replaces the text and reports its size, never the text itself', async () => {
    const { ctx } = fakeContext(docWith('old', 0), (c) => (c.primitive === 'setText' ? { root: docWith(String(c.args[1]), 0) } : undefined));
    const outcome = await run(setTextAction, { text: 'secret plan\nline two' }, ctx);
    expect(outcome).toEqual({ message: 'Replaced the text: 20 characters on 2 lines.', result: { length: 20, lines: 2 } });
  });
});
