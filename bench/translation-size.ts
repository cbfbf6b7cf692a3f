/**
 * Translation size and coverage, per recorded fixture window: bytes and estimated tokens of our
 * app://windows entry versus (a) the raw accessibility tree as JSON (role, name, text, states,
 * bounds of every node) and (b) an OSWorld-style linearisation (one tab-separated row of role,
 * name, text, position, size per visible node with a name or text). Coverage = the share of the
 * window's visible labels, values and button labels (test/helpers/visibleContent.ts) each form
 * contains. (b′) applies OSWorld's own node filter on top (role whitelist, enabled, on-screen).
 * Tokens are estimated as UTF-8 bytes / 4. Goals: ours ≤ 1/10 of (a); on
 * average no more bytes than (b); our coverage ≥ 95% and above (b)'s.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Bridge } from '../src/bridge/bridge.js';
import { readFixtureFile } from '../src/platform/fixture/files.js';
import { openFixtureProbe } from '../src/platform/fixture/probe.js';
import type { A11yNode } from '../src/platform/probe.js';
import { fixtureFiles } from '../src/testing/tester.js';
import { normalise, outputAtoms, visibleItems, visibleNodes } from '../test/helpers/visibleContent.js';
import { silentLogger } from '../src/util/logger.js';
import { registry } from '../translators/index.js';
import { rawTreeJson } from './rawTree.js';
import { table } from './stats.js';

/** Folders of hand-written platform helper answers, not fixtures. */
const NOT_FIXTURES = new Set(['ax', 'uia']);
/** Independent pyatspi dumps of the same real windows, with bounds. */
const REFERENCE = 'test/translators/reference';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** (b) OSWorld-style: visible nodes with a name or text, one tab-separated row each. */
function linearised(root: A11yNode, keep: (n: A11yNode) => boolean = () => true): string {
  const rows = ['tag\tname\ttext\tposition (top-left x&y)\tsize (w&h)'];
  for (const n of visibleNodes(root)) {
    const text = n.sensitive ? '' : (n.value ?? '');
    if ((!n.name && !text) || !keep(n)) continue;
    const b = n.bounds;
    rows.push([n.role, n.name, text, b ? `(${b.x}, ${b.y})` : '', b ? `(${b.width}, ${b.height})` : ''].join('\t'));
  }
  return rows.join('\n');
}

const OSWORLD_SUFFIXES = ['item', 'button', 'heading', 'label', 'scrollbar', 'searchbox', 'textbox', 'link', 'tabelement', 'textfield', 'textarea', 'menu'];
const OSWORLD_TAGS = new Set([
  'alert',
  'canvas',
  'check-box',
  'combo-box',
  'entry',
  'icon',
  'image',
  'paragraph',
  'scroll-bar',
  'section',
  'slider',
  'static',
  'table-cell',
  'terminal',
  'text',
]);

/**
 * (b′) OSWorld's own node filter (judge_node in its accessibility-tree wrapper): a role
 * whitelist, enabled/editable/expandable/checkable, on-screen geometry. GTK4's `sensitive` counts
 * as enabled here, since GTK4 never sets `enabled`.
 */
function osworldKeeps(n: A11yNode): boolean {
  const tag = n.role.replace(/_/g, '-');
  const role = tag.startsWith('document') || OSWORLD_SUFFIXES.some((s) => tag.endsWith(s)) || OSWORLD_TAGS.has(tag);
  const usable = ['enabled', 'sensitive', 'editable', 'expandable', 'checkable'].some((s) => n.states.includes(s));
  const b = n.bounds;
  return role && usable && b !== undefined && b.x >= 0 && b.y >= 0 && b.width > 0 && b.height > 0;
}

function coverage(items: string[], contains: (text: string) => boolean): number {
  return items.length === 0 ? 1 : items.filter(contains).length / items.length;
}

interface Row {
  window: string;
  ours: number;
  raw: number;
  osworld: number;
  covState: number;
  covOurs: number;
  covOsworld: number;
  osworldFiltered: number;
  covFiltered: number;
  covRaw: number;
}

async function measure(file: string): Promise<Row[]> {
  const fixture = await readFixtureFile(file);
  const bridge = await Bridge.start({ probe: await openFixtureProbe({ fixture: fixture }), registry, log: silentLogger });
  try {
    const snapshot = bridge.snapshot();
    return bridge.windows().map((record) => {
      const window = snapshot.windows.find((w) => w.id === record.winId);
      const root = record.tree.root;
      const items = visibleItems(root)
        .map((i) => normalise(i.text))
        .filter(Boolean);
      const state = outputAtoms(window as never, []);
      const withTools = outputAtoms(
        window as never,
        [...record.actions.values()].map((a) => a.descriptor),
      );
      const inAtoms = (atoms: string[]) => (t: string) => atoms.some((a) => a.includes(t));
      const lin = linearised(root);
      const filtered = linearised(root, osworldKeeps);
      const raw = rawTreeJson(root);
      const linText = normalise(lin.replace(/\t/g, ' '));
      const filteredText = normalise(filtered.replace(/\t/g, ' '));
      const rawStrings = normalise(JSON.stringify(raw).replace(/\\n/g, ' '));
      return {
        window: `${file.replace(/^fixtures\/|^test\/translators\/reference\//, '')} · ${record.facts.title}`,
        ours: bytes(JSON.stringify(window)),
        raw: bytes(raw),
        osworld: bytes(lin),
        covState: coverage(items, inAtoms(state)),
        covOurs: coverage(items, inAtoms(withTools)),
        covOsworld: coverage(items, (t) => linText.includes(t)),
        osworldFiltered: bytes(filtered),
        covFiltered: coverage(items, (t) => filteredText.includes(t)),
        covRaw: coverage(items, (t) => rawStrings.includes(t)),
      };
    });
  } finally {
    await bridge.close();
  }
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

function report(title: string, rows: Row[]): string {
  const sum = (k: keyof Row) => rows.reduce((a, r) => a + (r[k] as number), 0);
  const lines = [
    `### ${title}`,
    '',
    table(
      rows.map((r) => ({
        window: r.window,
        'ours B (tok)': `${r.ours} (${Math.ceil(r.ours / 4)})`,
        'raw tree B': r.raw,
        'OSWorld B': r.osworld,
        'ours/raw': r.raw ? (r.ours / r.raw).toFixed(3) : '-',
        'ours/OSWorld': r.osworld ? (r.ours / r.osworld).toFixed(2) : '-',
        'cov state+tools': pct(r.covOurs),
        'cov OSWorld': pct(r.covOsworld),
        "cov OSWorld'": pct(r.covFiltered),
        'cov raw': pct(r.covRaw),
      })),
    ),
    '',
    `windows: ${rows.length}; tokens estimated as bytes/4`,
    `total bytes: ours ${sum('ours')} · raw tree ${sum('raw')} · OSWorld ${sum('osworld')} · OSWorld' ${sum('osworldFiltered')}`,
    `ours/raw: total ${(sum('ours') / sum('raw')).toFixed(3)} · median window ${median(rows.map((r) => r.ours / r.raw)).toFixed(3)} · worst window ${Math.max(...rows.map((r) => r.ours / r.raw)).toFixed(3)} (goal ≤ 0.100)`,
    `ours/OSWorld: total ${(sum('ours') / sum('osworld')).toFixed(2)} · mean per window ${mean(rows.map((r) => r.ours / r.osworld)).toFixed(2)} (goal ≤ 1.00)`,
    `coverage (mean): ours state ${pct(mean(rows.map((r) => r.covState)))} · ours state+tools ${pct(mean(rows.map((r) => r.covOurs)))} · OSWorld ${pct(mean(rows.map((r) => r.covOsworld)))} · OSWorld' ${pct(mean(rows.map((r) => r.covFiltered)))} · raw ${pct(mean(rows.map((r) => r.covRaw)))} (goal ours ≥ 95% and > OSWorld)`,
    '',
    '',
  ];
  return lines.join('\n');
}

async function measureAll(files: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const file of files) rows.push(...(await measure(file)));
  return rows;
}

async function main(): Promise<void> {
  const folders = readdirSync('fixtures')
    .filter((f) => statSync(join('fixtures', f)).isDirectory() && !NOT_FIXTURES.has(f))
    .sort();
  const recorded = folders.flatMap((folder) => fixtureFiles(join('fixtures', folder)));
  const reference = readdirSync(REFERENCE)
    .filter((f) => f.endsWith('.pyatspi.json'))
    .sort()
    .map((f) => join(REFERENCE, f));
  process.stdout.write(report('Fixtures recorded with gui-bridge record (fixtures/; the Linux probe reads no bounds by default)', await measureAll(recorded)));
  process.stdout.write(report('The same real windows dumped by pyatspi with bounds (test/translators/reference/)', await measureAll(reference)));
}

await main();
