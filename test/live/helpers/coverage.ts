/**
 * Coverage of a live window against an independent pyatspi dump of the same window (the method
 * of bench/translation-size.ts): the share of the dump's visible labels, values and button
 * labels that appear somewhere in what an agent reads (title, summary, blocks, tool enums).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { desktopProcessEnv, type Desktop } from '../../../src/platform/linux/desktop/index.js';
import type { A11yNode } from '../../../src/platform/probe.js';
import type { ProtocolWindow } from '../../../src/protocol/schemas.js';
import { normalise, outputAtoms, visibleItems } from '../../helpers/visibleContent.js';
import { parseCell, parseRange, type Cell, type Range } from '../../../translators/libreoffice-calc/address.js';

const DUMP = fileURLToPath(new URL('../../translators/reference/atspi-fixture.py', import.meta.url));

/** pyatspi's tree of the application's window whose title contains `title`. */
/**
 * `timeoutMs`: LibreOffice's 2,600-node windows take pyatspi 10–60 s on a loaded machine.
 * `shownSizes`: mark shown nodes of no width or height `zeroSize` instead of reading every node's
 * screen bounds (atspi-fixture.py --shown-sizes: what a dump beside a survival test must do).
 */
export async function pyatspiWindow(desktop: Desktop, atspiName: string, title: string, timeoutMs = 60_000, shownSizes = false): Promise<A11yNode> {
  const dir = mkdtempSync(join(tmpdir(), 'gui-bridge-dump-'));
  try {
    const out = join(dir, 'dump.json');
    await new Promise<void>((resolve, reject) =>
      execFile(
        '/usr/bin/python3',
        [DUMP, atspiName, out, title, ...(shownSizes ? ['--shown-sizes'] : [])],
        { env: desktopProcessEnv(desktop.env), timeout: timeoutMs },
        (error, _stdout, stderr) => (error ? reject(new Error(`pyatspi dump of ${atspiName} failed: ${stderr || error.message}`)) : resolve()),
      ),
    );
    const dump = JSON.parse(readFileSync(out, 'utf8')) as { trees: Record<string, { root: A11yNode }> };
    const first = Object.values(dump.trees)[0];
    if (!first) throw new Error(`pyatspi found no window "${title}" of ${atspiName}`);
    return first.root;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Spreadsheet cells named by their address (LibreOffice Calc names cell B7 "B7"): the address is
 * what a user reads off the row and column headers, so it counts as shown when the output names
 * a range holding it (the summary's "cells A1:O46 shown" with the cells table of those columns).
 */
function addressNamedCells(items: ReturnType<typeof visibleItems>): Set<string> {
  return new Set(
    items.filter((item) => item.node.role === 'table_cell' && item.text === item.node.name && parseCell(item.text)).map((item) => normalise(item.text)),
  );
}

function contains(range: Range, cell: Cell | null): boolean {
  return !!cell && cell.row >= range.first.row && cell.row <= range.last.row && cell.column >= range.first.column && cell.column <= range.last.column;
}

export interface Coverage {
  ratio: number;
  items: number;
  missing: string[];
}

export function coverageOf(reference: A11yNode, window: ProtocolWindow, tools: Tool[]): Coverage {
  const visible = visibleItems(reference);
  const items = [...new Set(visible.map((item) => normalise(item.text)).filter(Boolean))];
  const atoms = outputAtoms(window, tools).map(normalise);
  const addresses = addressNamedCells(visible);
  const ranges = atoms
    .flatMap((atom) => [...atom.matchAll(/\b[a-z]{1,3}[0-9]+:[a-z]{1,3}[0-9]+\b/g)].map((m) => parseRange(m[0])))
    .filter((r): r is Range => r !== null);
  const inRange = (text: string) => addresses.has(text) && ranges.some((range) => contains(range, parseCell(text)));
  const missing = items.filter((text) => !atoms.some((atom) => atom.includes(text)) && !inRange(text));
  return { ratio: items.length === 0 ? 1 : 1 - missing.length / items.length, items: items.length, missing };
}
