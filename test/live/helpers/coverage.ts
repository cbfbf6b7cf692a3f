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

const DUMP = fileURLToPath(new URL('../../translators/reference/atspi-fixture.py', import.meta.url));

/** pyatspi's tree of the application's window whose title contains `title`. */
export async function pyatspiWindow(desktop: Desktop, atspiName: string, title: string): Promise<A11yNode> {
  const dir = mkdtempSync(join(tmpdir(), 'gui-bridge-dump-'));
  try {
    const out = join(dir, 'dump.json');
    await new Promise<void>((resolve, reject) =>
      execFile('/usr/bin/python3', [DUMP, atspiName, out, title], { env: desktopProcessEnv(desktop.env), timeout: 60_000 }, (error, _stdout, stderr) =>
        error ? reject(new Error(`pyatspi dump of ${atspiName} failed: ${stderr || error.message}`)) : resolve(),
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

export interface Coverage {
  ratio: number;
  items: number;
  missing: string[];
}

export function coverageOf(reference: A11yNode, window: ProtocolWindow, tools: Tool[]): Coverage {
  const items = [...new Set(visibleItems(reference).map((item) => normalise(item.text)).filter(Boolean))];
  const atoms = outputAtoms(window, tools).map(normalise);
  const missing = items.filter((text) => !atoms.some((atom) => atom.includes(text)));
  return { ratio: items.length === 0 ? 1 : 1 - missing.length / items.length, items: items.length, missing };
}
