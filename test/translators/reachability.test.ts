/**
 * Acceptance: every visible label, value and button label in each fixture window is reachable from
 * the server's output (block values, field labels, action enum values), except the nodes the
 * generic rules drop on purpose — listed here with their reasons.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Bridge } from '../../src/bridge/bridge.js';
import { readFixtureFile } from '../../src/platform/fixture/files.js';
import { openFixtureProbe } from '../../src/platform/fixture/probe.js';
import { silentLogger } from '../../src/util/logger.js';
import { fixtureFiles } from '../../src/testing/tester.js';
import type { A11yNode } from '../../src/platform/probe.js';
import type { ProtocolWindow } from '../../src/protocol/schemas.js';
import type { TranslatorRegistry } from '../../src/translate/registry.js';
import { isWidgetName } from '../../src/translate/text.js';
import { PREVIEW_ROWS } from '../../src/translate/kit/blocks.js';
import { genericTranslator } from '../../translators/generic/index.js';
import { registry } from '../../translators/index.js';
import { unreachedItems, type DropRule } from './reachability.js';

const WINDOW_CONTROLS = ['Minimize', 'Maximize', 'Restore', 'Close'];

/** What the generic rules leave out on purpose. Anything else unreachable fails the test. */
export const DROPPED_ON_PURPOSE: DropRule[] = [
  {
    reason: 'title-bar buttons (minimise, maximise, close): window management, covered by the close action',
    applies: (item, { parentOf }) =>
      item.kind === 'button' &&
      WINDOW_CONTROLS.includes(item.text) &&
      (parentOf(item.node)?.children.filter((s) => WINDOW_CONTROLS.includes(s.name)).length ?? 0) >= 2,
  },
  {
    reason: 'rows past the first ones of a table or list shown with a total: large data stays out of the state and is read with load_rows (P-BLK-7)',
    applies: (item, { parentOf, window }) => {
      const truncated = window.blocks.some((b) => (b.type === 'table' || b.type === 'list') && b.total !== undefined);
      return truncated && rowIndex(item.node, parentOf) >= PREVIEW_ROWS;
    },
  },
  {
    reason:
      "headers of hidden columns: Qt keeps every column header `visible` (its header view's state), while a hidden or scrolled-out column's cells are not; a column is shown when a cell of it is",
    applies: (item, { parentOf }) => item.node.role === 'table_column_header' && hiddenColumn(item.node, parentOf(item.node)),
  },
  {
    reason: 'widget ids a toolkit leaves as a control\'s name (evince\'s "page-label-entry"): never a label',
    applies: (item) => item.kind !== 'button' && isWidgetName(item.text),
  },
  {
    reason: 'menu bar menus whose every entry is greyed out (KeePassXC locked: Entries, Groups): menu offers only what runs now (P-TOOL-2)',
    applies: (item) => ['menu_item', 'menu'].includes(item.node.role) && item.node.children.length > 0 && !hasEnabledEntry(item.node),
  },
  {
    reason: 'greyed-out buttons: press lists only buttons that work now (P-TOOL-2)',
    applies: (item) => item.kind === 'button' && !item.node.states.includes('enabled') && !item.node.states.includes('sensitive'),
  },
];

/** Whether a menu holds an entry that can run now: an enabled item, under enabled submenus only. */
function hasEnabledEntry(menu: A11yNode): boolean {
  return menu.children.some((child) => {
    if (!child.states.includes('enabled')) return false;
    return child.children.length > 0 ? hasEnabledEntry(child) : ['menu_item', 'check_menu_item', 'radio_menu_item'].includes(child.role);
  });
}

/** A header whose column has no shown cell, in a table that shows cells (rows grouped by the probe). */
function hiddenColumn(header: A11yNode, table: A11yNode | undefined): boolean {
  const column = table?.children.filter((c) => c.role === 'table_column_header').indexOf(header) ?? -1;
  const rows = (table?.children ?? []).filter((c) => c.role === 'table_row');
  const shown = (n: A11yNode | undefined) => !!n && n.states.includes('visible');
  if (column < 0 || !rows.some((r) => r.children.some(shown))) return false;
  return !rows.some((r) => shown(r.children.filter((c) => c.role !== 'table_row_header')[column]));
}

/** The 0-based row of a cell or item inside its table or list, or -1. */
function rowIndex(node: A11yNode, parentOf: (n: A11yNode) => A11yNode | undefined): number {
  for (let child = node, parent = parentOf(node); parent; child = parent, parent = parentOf(parent)) {
    if (['table', 'tree_table', 'list', 'list_box', 'tree'].includes(parent.role)) {
      const body = parent.children.filter((c) => !c.role.endsWith('column_header'));
      const width = body.some((c) => c.role === 'table_row') ? 1 : Math.max(1, parent.children.length - body.length);
      return Math.floor(body.indexOf(child) / width);
    }
  }
  return -1;
}

const folders = readdirSync('fixtures').filter((f) => statSync(join('fixtures', f)).isDirectory() && !['ax', 'uia'].includes(f));

const REGISTRIES: Record<string, TranslatorRegistry> = {
  'the server (translator registry)': registry,
  'the generic translator alone': { translators: [], fallback: genericTranslator },
};

for (const [name, chosen] of Object.entries(REGISTRIES)) {
  describe(`every visible label, value and button label is reachable: ${name}`, () => {
    for (const folder of folders) {
      for (const file of fixtureFiles(join('fixtures', folder))) {
        it(file, async () => {
          const fixture = await readFixtureFile(file);
          const bridge = await Bridge.start({ probe: await openFixtureProbe({ fixture: fixture }), registry: chosen, log: silentLogger });
          try {
            const unreached = bridge.windows().flatMap((record) => {
              const window = bridge.snapshot().windows.find((w) => w.id === record.winId) as ProtocolWindow;
              const tools = [...record.actions.values()].map((a) => a.descriptor);
              return unreachedItems(record.tree.root, window, tools, DROPPED_ON_PURPOSE);
            });
            expect(unreached).toEqual([]);
          } finally {
            await bridge.close();
          }
        });
      }
    }
  });
}
