/**
 * What the reader never asks, because GTK 3 answers it with criticals: the value of a scroll bar
 * (chrome no translator reads; its range accessible outlives its widget while a dialog closes),
 * and any detail of a node whose widget is gone (defunct).
 */
import { describe, expect, it } from 'vitest';
import { readWindowTree } from '../../../src/platform/linux/atspi/treeReader.js';
import { BUS, FakeApp, FakeClient, node } from './fakeAtspi.js';

const BIG = { maxNodes: 5000, maxDepth: 64, deadlineMs: 2000 };
const GTK3 = { name: 'gtk', version: '3.24.38' };
const VALUE_PROPERTIES = ['CurrentValue', 'MinimumValue', 'MaximumValue'];

async function read(children: ReturnType<typeof node>[]) {
  const root = node('win', 'dialog', { name: 'Save', children });
  const app = new FakeApp(root);
  const tree = await readWindowTree(new FakeClient(app), { bus: BUS, path: root.path }, BIG, { toolkit: GTK3 });
  const asked = (path: string) => app.calls.filter((c) => c.path.endsWith(`/${path}`) && c.member !== 'GetChildren');
  return { tree, asked };
}

describe('calls the reader spares dying GTK widgets', () => {
  it('reads a slider’s value but never a scroll bar’s', async () => {
    const { tree, asked } = await read([
      node('bar', 'scroll_bar', { interfaces: ['Value'], value: 3 }),
      node('zoom', 'slider', { interfaces: ['Value'], value: 40 }),
    ]);
    const valueCalls = (path: string) => asked(path).filter((c) => VALUE_PROPERTIES.includes(String(c.body?.[1])) || String(c.body?.[0]).endsWith('Value'));
    expect(valueCalls('bar')).toEqual([]);
    expect(valueCalls('zoom').length).toBeGreaterThan(0);
    expect(tree.root.children.map((c) => [c.role, c.value])).toEqual([
      ['scroll_bar', undefined],
      ['slider', '40'],
    ]);
  });

  it('asks a defunct node nothing past its facts', async () => {
    const { tree, asked } = await read([node('gone', 'slider', { interfaces: ['Value', 'Action', 'Text'], value: 5, text: 'x', states: ['defunct'] })]);
    const detail = asked('gone').filter(
      (c) => ['Get', 'GetAll', 'GetActions', 'GetText', 'GetName'].includes(c.member) && !/Accessible$/.test(String(c.body?.[0])),
    );
    expect(detail).toEqual([]);
    expect(tree.root.children[0]?.role).toBe('slider');
  });
});
