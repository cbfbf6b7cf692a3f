import { describe, expect, it } from 'vitest';
import { opaqueCandidates, placeRegions } from '../../../src/platform/ocr/regions.js';
import type { A11yNode } from '../../../src/platform/probe.js';

const node = (ref: string, role: string, children: A11yNode[] = [], extra: Partial<A11yNode> = {}): A11yNode => ({
  ref,
  role,
  name: '',
  states: ['showing'],
  children,
  ...extra,
});

describe('opaque regions of a readable window', () => {
  const tree = node('root', 'frame', [
    node('menu', 'menu_bar', [node('file', 'menu_item', [], { name: 'File' })]),
    node('term', 'filler', [node('scroll', 'scroll_bar', [], { value: '0' })]),
    node('page', 'drawing_area'),
    node('labelled', 'drawing_area', [], { name: 'Chart of sales' }),
    node('form', 'panel', [node('field', 'text', [], { value: 'typed' })]),
    node('pw', 'password_text'),
    node('hidden', 'filler', [node('find', 'push_button', [], { name: 'Find', states: [] })], { states: [] }),
  ]);

  it('names drawn areas and bare containers holding only scroll bars, never what the tree reads, and lists password fields', () => {
    const found = opaqueCandidates(tree);
    expect(found.candidates.map((c) => [c.ref, c.label, c.drawn])).toEqual([
      ['term', 'painted area', false],
      ['page', 'drawing area', true],
    ]);
    expect(found.secretRefs).toEqual(['pw']);
  });

  it('keeps the big, uncovered candidates, in window pixels', () => {
    const { candidates } = opaqueCandidates(tree);
    const screen: Record<string, { x: number; y: number; width: number; height: number }> = {
      term: { x: 110, y: 150, width: 600, height: 360 },
      scroll: { x: 696, y: 150, width: 14, height: 360 },
      page: { x: 110, y: 520, width: 30, height: 30 }, // too small to hold text worth reading
    };
    const regions = placeRegions(candidates, (ref) => screen[ref] ?? null, { x: 100, y: 100, width: 800, height: 600 }, { width: 800, height: 600 });
    expect(regions).toEqual([{ box: { x: 10, y: 50, width: 600, height: 360 }, ref: 'term', label: 'painted area' }]);
  });

  it("names the viewport of a scroll pane whose view exposes nothing (Freeplane's mind map), its view covering nothing", () => {
    const map = node('root', 'frame', [node('pane', 'scroll_pane', [node('port', 'viewport', [node('map', 'panel')]), node('bar', 'scroll_bar')])]);
    const { candidates } = opaqueCandidates(map);
    expect(candidates).toEqual([{ ref: 'port', label: 'painted area', drawn: false, childRefs: [] }]);
    const box = { x: 0, y: 0, width: 600, height: 400 };
    expect(placeRegions(candidates, () => box, box, box)).toEqual([{ box, ref: 'port', label: 'painted area' }]);
    const filled = node('root', 'frame', [node('port', 'viewport', [node('map', 'panel', [node('n', 'label', [], { name: 'Corpus map' })])])]);
    expect(opaqueCandidates(filled).candidates).toEqual([]);
  });

  it('drops a container its children cover', () => {
    const covered = node('root', 'frame', [node('c', 'filler', [node('s', 'scroll_bar')])]);
    const { candidates } = opaqueCandidates(covered);
    const box = { x: 0, y: 0, width: 300, height: 200 };
    expect(placeRegions(candidates, () => box, box, box)).toEqual([]);
  });
});
