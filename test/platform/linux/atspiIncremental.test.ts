import { describe, expect, it } from 'vitest';
import { IncrementalTrees, planTargets } from '../../../src/platform/linux/atspi/incremental.js';
import { decodeSignal } from '../../../src/platform/linux/atspi/eventDecode.js';
import { MAX_TOUCHES, scopeOf, Touches, type TouchScope } from '../../../src/platform/linux/atspi/touches.js';
import { readWindowTree } from '../../../src/platform/linux/atspi/treeReader.js';
import type { WindowTree } from '../../../src/platform/probe.js';
import { BUS, FakeApp, FakeClient, node, type FakeNode } from './fakeAtspi.js';
import { seededRandom } from '../../helpers/random.js';

const BUDGET = { maxNodes: 5000, maxDepth: 64, deadlineMs: 2000 };
const GTK3 = { name: 'gtk', version: '3.24.38' };
const OPTIONS = { toolkit: GTK3, appLabel: 'fake' };
const TOP = `${BUS}/n/win`;

function window(): FakeNode {
  return node('win', 'frame', {
    name: 'Editor',
    children: [
      node('bar', 'tool_bar', {
        children: [
          node('b1', 'push_button', { interfaces: ['Action'], actions: ['click'], children: [node('b1l', 'label', { name: 'Open' })] }),
          node('b2', 'toggle_button', { name: 'Bold', interfaces: ['Action'], actions: ['click'] }),
        ],
      }),
      node('doc', 'text', { interfaces: ['Text', 'EditableText'], text: 'hello', states: ['editable', 'multi_line', 'showing'] }),
      node('list', 'list', { children: [node('i1', 'list_item', { name: 'one' }), node('i2', 'list_item', { name: 'two' })] }),
      node('status', 'label', { name: 'Ln 1' }),
    ],
  });
}

/** Edits the fake application as a user would, and reports what its events would say. */
class Editor {
  private serial = 0;
  constructor(
    private readonly app: FakeApp,
    private readonly next: () => number,
  ) {}

  edit(): { ref: string; scope: TouchScope } {
    const pick = <T>(list: T[]): T => list[Math.floor(this.next() * list.length)] as T;
    const nodes = [...this.app.nodes.values()].filter((n) => this.app.parents.has(n.path));
    const target = pick(nodes);
    const ref = `${BUS}${target.path}`;
    switch (Math.floor(this.next() * 5)) {
      case 0:
        target.name = `${target.name ?? ''}x`;
        return { ref, scope: 'node' };
      case 1: {
        const states = target.states ?? [];
        target.states = states.includes('checked') ? states.filter((s) => s !== 'checked') : [...states, 'checked'];
        return { ref, scope: 'node' };
      }
      case 2: {
        const text = pick([...this.app.nodes.values()].filter((n) => n.text !== undefined));
        text.text = `${text.text}${this.serial++}`;
        return { ref: `${BUS}${text.path}`, scope: 'node' };
      }
      case 3: {
        const parent = pick([...this.app.nodes.values()].filter((n) => n.role !== 'text'));
        const child = node(`new${this.serial++}`, pick(['label', 'push_button', 'panel']), { name: `n${this.serial}` });
        parent.children = [...(parent.children ?? []), child];
        this.app.nodes.set(child.path, child);
        this.app.parents.set(child.path, parent.path);
        return { ref: `${BUS}${parent.path}`, scope: 'subtree' };
      }
      default: {
        const parents = [...this.app.nodes.values()].filter((n) => (n.children ?? []).length > 0 && n.path !== '/n/win');
        if (parents.length === 0) return { ref, scope: 'node' };
        const parent = pick(parents);
        const gone = (parent.children ?? []).pop() as FakeNode;
        const forget = (n: FakeNode): void => {
          this.app.nodes.delete(n.path);
          this.app.parents.delete(n.path);
          (n.children ?? []).forEach(forget);
        };
        forget(gone);
        return { ref: `${BUS}${parent.path}`, scope: 'subtree' };
      }
    }
  }
}

function setup(verifyAfterMs = 60_000) {
  const app = new FakeApp(window());
  const client = new FakeClient(app);
  const touches = new Touches();
  const asked: string[] = [];
  const trees = new IncrementalTrees(
    client,
    (top) => {
      asked.push(top);
      touches.addAll(top);
    },
    (top) => touches.peek(top),
    verifyAfterMs,
  );
  const read = () => trees.read(TOP, BUDGET, touches.take(TOP), OPTIONS).then((r) => r.tree);
  const full = () => readWindowTree(new FakeClient(app), { bus: BUS, path: '/n/win' }, BUDGET, OPTIONS);
  return { app, client, touches, trees, read, full, asked };
}

describe('touches', () => {
  const scope = (member: string, detail = ''): TouchScope => {
    const event = decodeSignal({
      sender: BUS,
      path: '/n/x',
      interface: 'org.a11y.atspi.Event.Object',
      member,
      body: [detail, 0, 0, { signature: 'i', value: 0 }, {}],
    });
    if (!event) throw new Error('not an event');
    return scopeOf(event);
  };

  it('bounds each event: own facts for text, state, name and visible-data changes; the subtree for children and the rest', () => {
    expect(['TextChanged', 'TextCaretMoved', 'StateChanged'].map((m) => scope(m, 'insert'))).toEqual(['node', 'node', 'node']);
    expect(scope('PropertyChange', 'accessible-name')).toBe('node');
    expect(scope('VisibleDataChanged')).toBe('node'); // a Java label's new text
    expect(scope('PropertyChange', 'accessible-parent')).toBe('subtree');
    expect(scope('ChildrenChanged', 'add')).toBe('subtree');
    expect(scope('SelectionChanged')).toBe('subtree');
  });

  it('keeps the widest scope per object, turns into "all" past the limit, and is taken once', () => {
    const touches = new Touches();
    touches.add(TOP, 'a', 'subtree');
    touches.add(TOP, 'a', 'node');
    expect(touches.take(TOP)).toEqual({ all: false, refs: new Map([['a', 'subtree']]), doubtful: new Map() });
    expect(touches.take(TOP)).toEqual({ all: false, refs: new Map(), doubtful: new Map() });
    for (let i = 0; i <= MAX_TOUCHES; i++) touches.add(TOP, `r${i}`, 'node');
    expect(touches.take(TOP).all).toBe(true);
    touches.add('other', 'b', 'node');
    touches.retain(new Set([TOP]));
    expect(touches.peek('other').size).toBe(0);
  });
});

describe('incremental window reads', () => {
  it('after random edits, the incremental tree equals a full read (300 edits, 1–3 per read)', async () => {
    const { app, client, touches, trees, read, full } = setup();
    await read();
    const editor = new Editor(app, seededRandom(15));
    let partialCalls = 0;
    let fullCalls = 0;
    for (let round = 0; round < 150; round++) {
      const edits = 1 + (round % 3);
      for (let i = 0; i < edits; i++) {
        const { ref, scope } = editor.edit();
        touches.add(TOP, ref, scope);
      }
      const before = client.callCount;
      const incremental = await read();
      partialCalls += client.callCount - before;
      const probe = new FakeClient(app);
      const reference = await readWindowTree(probe, { bus: BUS, path: '/n/win' }, BUDGET, OPTIONS);
      fullCalls += probe.callCount;
      expect(incremental).toEqual(reference);
    }
    expect(trees.stats.partial).toBeGreaterThan(100);
    expect(partialCalls).toBeLessThan(fullCalls / 2);
    expect(await full()).toEqual(await read());
  });

  it('never changes a tree it handed out: later reads share only what did not change', async () => {
    const { app, touches, read } = setup();
    const first = await read();
    const before = JSON.stringify(first);
    (app.nodes.get('/n/b1l') as FakeNode).name = 'Save';
    touches.add(TOP, `${BUS}/n/b1l`, 'node');
    (app.nodes.get('/n/list') as FakeNode).children?.pop();
    app.nodes.delete('/n/i2');
    touches.add(TOP, `${BUS}/n/list`, 'subtree');
    const second = await read();
    expect(JSON.stringify(first)).toBe(before);
    expect(second.root.children[3]).toBe(first.root.children[3]); // the status label: shared
    expect(second.root.children[2]?.children.map((c) => c.name)).toEqual(['one']);
  });

  it('names a button from its label again when only the label changed', async () => {
    const { app, touches, read } = setup();
    expect((await read()).root.children[0]?.children[0]?.name).toBe('Open');
    (app.nodes.get('/n/b1l') as FakeNode).name = 'Save';
    touches.add(TOP, `${BUS}/n/b1l`, 'node');
    expect((await read()).root.children[0]?.children[0]?.name).toBe('Save');
  });

  it('a change without an event is found and fixed by the full read that checks incremental ones', async () => {
    const { app, touches, trees, read, full, asked } = setup(5);
    await read();
    (app.nodes.get('/n/doc') as FakeNode).text = 'typed';
    touches.add(TOP, `${BUS}/n/doc`, 'node');
    (app.nodes.get('/n/status') as FakeNode).name = 'Ln 2'; // GTK3 status texts may change silently
    const partial = await read();
    expect(partial.root.children[1]?.value).toBe('typed');
    expect(partial.root.children[3]?.name).toBe('Ln 1');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(asked).toEqual([TOP]);
    const checked = await read();
    expect(checked).toEqual(await full());
    expect(trees.stats).toMatchObject({ partial: 1, verified: 1, mismatches: 1 });
  });

  it('asks for no check after a re-read that found nothing new (a GTK3 state echo must not loop)', async () => {
    const { touches, trees, read, asked } = setup(5);
    await read();
    touches.add(TOP, `${BUS}/n/b2`, 'node'); // an echo: the state did not change
    await read();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(asked).toEqual([]);
    expect(trees.stats).toMatchObject({ full: 1, partial: 1 });
  });

  it('reads in full when nothing was reported, too much was, or a touched object is unknown', async () => {
    const { touches, trees, read } = setup();
    await read();
    await read(); // a re-scan: nothing reported
    for (let i = 0; i < 70; i++) touches.add(TOP, `${BUS}/n/doc${i}`, 'node');
    await read();
    touches.add(TOP, `${BUS}/n/nowhere`, 'node');
    await read();
    expect(trees.stats).toMatchObject({ full: 4, partial: 0 });
  });

  it('a child count that moved without an event turns a node read into a full one', async () => {
    const { app, touches, trees, read, full } = setup();
    await read();
    const list = app.nodes.get('/n/list') as FakeNode;
    const extra = node('i3', 'list_item', { name: 'three' });
    list.children = [...(list.children ?? []), extra];
    app.nodes.set(extra.path, extra);
    app.parents.set(extra.path, list.path);
    touches.add(TOP, `${BUS}/n/list`, 'node');
    expect(await read()).toEqual(await full());
    expect(trees.stats).toMatchObject({ full: 2, partial: 0 });
  });

  it('leaves tables and cut trees to full reads', () => {
    const table = {
      root: { ref: 'a', role: 'table', name: '', states: [], children: [{ ref: 'a#row0', role: 'table_row', name: '', states: [], children: [] }] },
      nodeCount: 2,
      truncated: false,
      warnings: [],
    } satisfies WindowTree;
    expect(planTargets(table, { all: false, refs: new Map([['a', 'node']]) })).toBeNull();
    expect(planTargets({ ...table, truncated: true }, { all: false, refs: new Map([['a#row0', 'node']]) })).toBeNull();
    const plain = {
      root: { ref: 'r', role: 'frame', name: '', states: [], children: [{ ref: 'c', role: 'label', name: '', states: [], children: [] }] },
      nodeCount: 2,
      truncated: false,
      warnings: [],
    } satisfies WindowTree;
    expect(planTargets(plain, { all: false, refs: new Map([['c', 'node']]) })?.map((t) => t.node.ref)).toEqual(['c']);
    expect(planTargets(plain, { all: false, refs: new Map([['r', 'subtree']]) })).toBeNull();
  });
});
