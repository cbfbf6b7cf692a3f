/**
 * Live: AT-SPI primitives and the change feed on real applications — calculator buttons
 * pressed by action name, gedit text set and inserted, a real zenity password dialog that must
 * never leak its text (P-SENS-1), events mapped to their top-level window, new applications
 * noticed, and a 10,000-row list read within budget and by slices (P-BLK-7).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TREE_BUDGET, SENSITIVE_MASK } from '../../src/platform/probe.js';
import type { AtspiAccess, AtspiChange, AtspiEventRecord } from '../../src/platform/linux/atspi/index.js';
import { displayStack, useDesktop, waitFor } from './helpers/desktop.js';
import { FULL_BUDGET, findNode, findNodes, openAccess, waitForApp } from './atspiLive.js';

const stack = displayStack(['gnome-calculator', 'gedit', 'zenity']);
const SECRET = 'TopSecret-42';

describe.skipIf(stack.skip)('AT-SPI primitives and events on real applications', () => {
  const live = useDesktop();
  let access: AtspiAccess;
  const changes: AtspiChange[] = [];
  const events: AtspiEventRecord[] = [];
  const pids: Record<string, number> = {};

  const treeOf = async (pid: number) => {
    const app = await waitForApp(access, pid);
    return { app, tree: await access.readTree(app.topLevels[0]?.ref as string, FULL_BUDGET, app.name) };
  };

  beforeAll(async () => {
    access = await openAccess(live.desktop);
    access.events.on('change', (change) => changes.push(change));
    access.events.on('event', (event) => events.push(event));
    pids.calculator = (await live.desktop.launch('gnome-calculator')).pid;
    pids.gedit = (await live.desktop.launch('gedit')).pid;
    pids.password = (await live.desktop.launch('zenity', ['--password', '--title=Secret'])).pid;
  }, 60_000);

  afterAll(async () => {
    await access?.close();
  });

  it('presses calculator buttons by action name: 2 + 3 = shows 5', async () => {
    const { tree } = await treeOf(pids.calculator as number);
    for (const label of ['2', '+', '3', '=']) {
      await access.primitives.doAction(findNode(tree.root, (n) => n.role === 'push_button' && n.name === label).ref, 'click');
    }
    const display = findNode(tree.root, (n) => n.role === 'text' && n.states.includes('editable'));
    expect(await waitFor(async () => (await access.primitives.readText(display.ref)).trim() === '5', 10_000)).toBe(true);
  });

  it('sets and inserts text in gedit and reads it back', async () => {
    const { tree } = await treeOf(pids.gedit as number);
    const view = findNode(tree.root, (n) => n.role === 'text' && n.states.includes('multi_line') && n.states.includes('editable'));
    await access.primitives.setText(view.ref, 'héllo wörld');
    expect(await access.primitives.readText(view.ref)).toBe('héllo wörld');
    await access.primitives.insertText(view.ref, ' ✓ end');
    await access.primitives.insertText(view.ref, '>> ', 0);
    expect(await access.primitives.readText(view.ref)).toBe('>> héllo wörld ✓ end');
  });

  it('maps a gedit text change to the gedit window', async () => {
    const { app, tree } = await treeOf(pids.gedit as number);
    const top = app.topLevels[0]?.ref as string;
    const view = findNode(tree.root, (n) => n.role === 'text' && n.states.includes('multi_line') && n.states.includes('editable'));
    events.length = 0;
    changes.length = 0;
    await access.primitives.setText(view.ref, 'event probe');
    const event = await waitFor(() => events.find((e) => e.type === 'object:text-changed:insert' && e.source === view.ref), 10_000);
    expect(event.topLevel).toBe(top);
    await waitFor(() => changes.some((c) => c.kind === 'content' && c.topLevels.includes(top)), 10_000);
  });

  it('reports a real password field as sensitive and never reads its text (P-SENS-1)', async () => {
    let { tree } = await treeOf(pids.password as number);
    const field = findNode(tree.root, (n) => n.role === 'password_text');
    expect(field).toMatchObject({ sensitive: true, value: '' });
    events.length = 0;
    await access.primitives.setText(field.ref, SECRET);
    ({ tree } = await treeOf(pids.password as number));
    expect(findNode(tree.root, (n) => n.role === 'password_text')).toMatchObject({ sensitive: true, value: SENSITIVE_MASK });
    await expect(access.primitives.readText(field.ref)).rejects.toMatchObject({ code: 'refused' });
    const everything = JSON.stringify({ tree, events, changes, apps: await access.listApplications() });
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain('TopSecret');
  });

  it('sets a slider value (zenity --scale)', async () => {
    const scale = await live.desktop.launch('zenity', ['--scale', '--title=Level', '--value=10', '--min-value=0', '--max-value=100']);
    const { tree } = await treeOf(scale.pid);
    const slider = findNode(tree.root, (n) => n.role === 'slider');
    expect(slider).toMatchObject({ value: '10', attributes: { value_min: '0', value_max: '100' } });
    await access.primitives.setValue(slider.ref, 42);
    const after = await treeOf(scale.pid);
    expect(findNode(after.tree.root, (n) => n.role === 'slider').value).toBe('42');
    await scale.kill();
  });

  it('selects a combo box item and reads the current item back (zenity --forms)', async () => {
    const form = await live.desktop.launch('zenity', ['--forms', '--title=Form', '--add-combo=Colour', '--combo-values=red|green|blue']);
    const { tree } = await treeOf(form.pid);
    const combo = findNode(tree.root, (n) => n.role === 'combo_box');
    const green = findNode(combo, (n) => n.role === 'menu_item' && n.name === 'green');
    await access.primitives.select(green.ref);
    const after = await treeOf(form.pid);
    expect(findNode(after.tree.root, (n) => n.role === 'combo_box').value).toBe('green');
    await form.kill();
  });

  it('notices a new application on the desktop', async () => {
    changes.length = 0;
    const info = await live.desktop.launch('zenity', ['--info', '--title=New app', '--text=hello']);
    await waitFor(() => changes.some((c) => c.kind === 'apps'), 15_000);
    const app = await waitForApp(access, info.pid);
    expect(app.topLevels.map((t) => t.name)).toContain('New app');
    await info.kill();
  });

  it('reads a 10,000-row list within the node budget and slices it on demand (P-BLK-7)', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [`r${i}`, `v${i}`]).flat();
    const list = await live.desktop.launch('zenity', ['--list', '--title=Big list', '--column=Key', '--column=Value', ...rows]);
    const app = await waitForApp(access, list.pid, 60_000);
    const tree = await access.readTree(app.topLevels[0]?.ref as string, DEFAULT_TREE_BUDGET, app.name);
    expect(tree.truncated).toBe(true);
    expect(tree.nodeCount).toBeLessThanOrEqual(DEFAULT_TREE_BUDGET.maxNodes);
    const table = findNode(tree.root, (n) => n.role === 'table');
    expect(table.childCount).toBe(2 + 10_000);
    const slice = await access.primitives.readChildren(table.ref, 2 + 9_990, 20);
    expect(slice.map((row) => row.children.map((c) => c.name))).toEqual(Array.from({ length: 10 }, (_, i) => [`r${9_990 + i}`, `v${9_990 + i}`]));
    await access.primitives.select(slice[3]?.ref as string);
    const selected = await access.primitives.readChildren(table.ref, 2 + 9_993, 1);
    expect(selected[0]?.children.every((cell) => cell.states.includes('selected'))).toBe(true);
    await list.kill();
  }, 90_000);

  it('fails clearly on a node whose application is gone', async () => {
    const { tree } = await treeOf(pids.calculator as number);
    const button = findNode(tree.root, (n) => n.role === 'push_button' && n.name === '7');
    const calculators = findNodes(tree.root, (n) => n.role === 'push_button');
    expect(calculators.length).toBeGreaterThan(10);
    process.kill(pids.calculator as number, 'SIGKILL');
    await waitFor(
      async () =>
        await access.primitives.doAction(button.ref, 'click').then(
          () => false,
          (e: { code?: string }) => e.code === 'gone',
        ),
      10_000,
    );
  });
});
