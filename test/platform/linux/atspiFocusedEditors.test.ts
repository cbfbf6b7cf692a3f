import { describe, expect, it } from 'vitest';
import { FocusedObjects, graftFocusedEditor } from '../../../src/platform/linux/atspi/focusedEditors.js';
import { readWindowTree } from '../../../src/platform/linux/atspi/treeReader.js';
import { BUS, FakeApp, FakeClient, node, type FakeNode } from './fakeAtspi.js';

const BUDGET = { maxNodes: 500, maxDepth: 32, deadlineMs: 2000 };
const QT = { name: 'Qt', version: '5.15.8' };

/**
 * pcmanfm-qt's window while an item is renamed: the view lists its items only; the editor is a
 * child of the view's viewport, which no node lists, and answers Parent (viewport, then view).
 */
function renaming(editorStates = ['editable', 'focusable', 'focused', 'showing', 'visible']) {
  const view = node('view', 'list', {
    states: ['showing', 'visible', 'manages_descendants'],
    children: [node('a', 'list_item', { name: 'draft.txt' }), node('b', 'list_item', { name: 'other.txt' })],
  });
  const root = node('win', 'frame', {
    name: 'reports',
    children: [node('pane', 'filler', { children: [view, node('status', 'label', { name: '2 items' })] })],
  });
  const app = new FakeApp(root);
  const viewport = node('viewport', 'filler');
  const editor = node('editor', 'text', { interfaces: ['Text', 'EditableText'], text: 'draft.txt', states: editorStates });
  app.nodes.set(viewport.path, viewport);
  app.parents.set(viewport.path, view.path);
  app.nodes.set(editor.path, editor);
  app.parents.set(editor.path, viewport.path);
  return { app, client: new FakeClient(app), root, editorRef: `${BUS}${editor.path}` };
}

async function readAndGraft(app: FakeApp, client: FakeClient, root: FakeNode, focused: string) {
  const tree = await readWindowTree(client, { bus: BUS, path: root.path }, BUDGET, { toolkit: QT });
  return { tree, grafted: await graftFocusedEditor(client, tree, focused, BUDGET, { toolkit: QT }) };
}

describe('graftFocusedEditor', () => {
  it("adds a focused editor the walk did not reach beside the view that holds it, leaving the read's tree as it was", async () => {
    const { app, client, root, editorRef } = renaming();
    const { tree, grafted } = await readAndGraft(app, client, root, editorRef);
    const pane = grafted.root.children[0];
    expect(pane?.children.map((c) => c.role)).toEqual(['list', 'text', 'label']);
    expect(pane?.children[1]).toMatchObject({ ref: editorRef, value: 'draft.txt', itemEditor: true });
    expect(grafted.nodeCount).toBe(tree.nodeCount + 1);
    // The kept tree (incremental reads splice into it) is not changed.
    expect(tree.root.children[0]?.children.map((c) => c.role)).toEqual(['list', 'label']);
  });

  it('changes nothing when the focused object is in the tree, or is no focused editable text', async () => {
    const inTree = renaming();
    const listItem = `${BUS}/n/a`;
    const first = await readAndGraft(inTree.app, inTree.client, inTree.root, listItem);
    expect(first.grafted).toBe(first.tree);
    const before = inTree.app.calls.length;
    await graftFocusedEditor(inTree.client, first.tree, listItem, BUDGET, { toolkit: QT });
    expect(inTree.app.calls.length, 'no call for an object the tree holds').toBe(before);

    const notEditable = renaming(['focusable', 'focused', 'showing', 'visible']);
    const second = await readAndGraft(notEditable.app, notEditable.client, notEditable.root, notEditable.editorRef);
    expect(second.grafted).toBe(second.tree);
  });
});

describe('graftFocusedEditor, an object that died since its focus event', () => {
  it('says it is gone, so that it is not asked again, and changes nothing', async () => {
    const { app, client, root } = renaming();
    const tree = await readWindowTree(client, { bus: BUS, path: root.path }, BUDGET, { toolkit: QT });
    let gone = 0;
    const grafted = await graftFocusedEditor(client, tree, `${BUS}/n/died`, BUDGET, { toolkit: QT }, () => gone++);
    expect(grafted).toBe(tree);
    expect(gone).toBe(1);
    expect(
      app.calls.some((c) => c.path === '/n/died' && c.member === 'Get' && c.body.includes('Parent')),
      'no walk up from a dead object',
    ).toBe(false);
  });
});

describe('FocusedObjects', () => {
  it("keeps each window's focused object until it loses the focus", () => {
    const focused = new FocusedObjects();
    focused.note('w1', 'a', true);
    focused.note('w1', 'b', true);
    focused.note('w1', 'a', false);
    expect(focused.of('w1')).toBe('b');
    focused.note('w1', 'b', false);
    expect(focused.of('w1')).toBeUndefined();
    focused.note('w2', 'c', true);
    focused.retain(new Set(['w1']));
    expect(focused.of('w2')).toBeUndefined();
    focused.note('w1', 'd', true);
    focused.forgetObject('d');
    expect(focused.of('w1')).toBeUndefined();
  });
});
