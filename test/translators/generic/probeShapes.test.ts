/**
 * The generic reading must not depend on how a platform shapes a tree. Checked on the same real
 * windows read two ways: by our Linux probe (fixtures/: no bounds by default, GTK3 table cells
 * grouped into made-up `table_row` nodes, GTK4 names already repaired) and by an independent
 * pyatspi dump (test/translators/reference/: bounds, flat cells, raw GTK4 names like "7 7").
 */
import { describe, expect, it } from 'vitest';
import type { Fixture } from '../../../src/platform/fixture/format.js';
import type { A11yNode } from '../../../src/platform/probe.js';
import { translateFixture } from '../../../src/testing/fixtureView.js';
import { loadFixture } from '../../../src/testing/tester.js';
import { genericTranslator } from '../../../translators/generic/index.js';

const PAIRS: Array<[string, string]> = [
  ...['question', 'entry', 'password', 'list', 'forms', 'error', 'checklist', 'scale'].map((s): [string, string] => [
    `fixtures/zenity/${s}.json`,
    `test/translators/reference/zenity-${s}.pyatspi.json`,
  ]),
  ['fixtures/gnome-calculator/basic-result.json', 'test/translators/reference/gnome-calculator-basic-result.pyatspi.json'],
  ['fixtures/gedit/main.json', 'test/translators/reference/gedit-main.pyatspi.json'],
  ['fixtures/gedit/save-as.json', 'test/translators/reference/gedit-save-as.pyatspi.json'],
];

function mapTrees(fixture: Fixture, change: (node: A11yNode) => A11yNode): Fixture {
  const walk = (node: A11yNode): A11yNode => change({ ...node, children: node.children.map(walk) });
  return { ...fixture, trees: Object.fromEntries(Object.entries(fixture.trees).map(([id, t]) => [id, { ...t, root: walk(t.root) }])) };
}

/** What an agent gets, without ids that differ between two recordings of the same window. */
const content = (fixture: Fixture) =>
  translateFixture(fixture, genericTranslator).map((v) => ({
    summary: v.summary,
    blocks: v.blocks,
    actions: v.actions.map((a) => [a.name, a.kind, a.inputSchema]),
  }));

const withoutBounds = (node: A11yNode): A11yNode => {
  const { bounds: _dropped, ...rest } = node;
  return rest;
};

/** Back to GTK3's raw shape: headers, then every cell row by row. */
const flatRows = (node: A11yNode): A11yNode =>
  node.role === 'table' ? { ...node, children: node.children.flatMap((c) => (c.role === 'table_row' ? c.children : [c])) } : node;

describe('the generic reading does not depend on the platform’s tree shape', () => {
  for (const [probe, reference] of PAIRS) {
    it(`${probe}: our probe and pyatspi give the same view`, () => {
      expect(content(loadFixture(probe))).toEqual(content(loadFixture(reference)));
    });
  }

  for (const [, reference] of PAIRS) {
    it(`${reference}: the same view without bounds`, () => {
      const fixture = loadFixture(reference);
      expect(content(mapTrees(fixture, withoutBounds))).toEqual(content(fixture));
    });
  }

  for (const probe of ['fixtures/zenity/list.json', 'fixtures/zenity/checklist.json', 'fixtures/zenity/forms.json', 'fixtures/gedit/save-as.json']) {
    it(`${probe}: the same view with table rows flattened`, () => {
      const fixture = loadFixture(probe);
      expect(content(mapTrees(fixture, flatRows))).toEqual(content(fixture));
    });
  }
});
