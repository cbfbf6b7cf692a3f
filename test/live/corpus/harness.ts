/**
 * One live desktop for a group of corpus apps: the bridge on it, the apps started on their
 * documents, and per app two tests. Coverage: pyatspi's dump of the same window against our read
 * (coverage.ts), ≥ 97% of labels, values, status bars and page text, ≥ 97% with the rows of
 * tables, lists and trees (cells, items) too, each category printed, and no hidden text in the
 * read. Survival: 50 reads and 20 harmless actions
 * (focus, scroll through rows, select a row, toggle an option and back), after which the app is
 * alive, answers, and printed no new GLib CRITICAL / WARNING, Qt warning or Gecko error to its log.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopProcessEnv } from '../../../src/platform/linux/desktop/index.js';
import type { A11yNode } from '../../../src/platform/probe.js';
import type { Snapshot } from '../../../src/protocol/schemas.js';
import { undrawnNotice } from '../../../src/translate/kit/undrawnContent.js';
import { structured } from '../../helpers/demoServer.js';
import { pyatspiWindow } from '../helpers/coverage.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import { useLiveBridge, type LiveBridge } from '../helpers/liveBridge.js';
import { corpusApp, launchCorpusApp, toolkitOf, type RunningCorpusApp } from './apps.js';
import { corpusCoverage, formatCoverage } from './coverage.js';
import { prepareDocuments, type CorpusDocuments } from './documents.js';

export const THRESHOLD = 0.97;
export const READS = 50;
export const ACTIONS = 20;

type Window = Snapshot['windows'][number];

/**
 * Lines a toolkit prints when something went wrong inside it: GLib's criticals and warnings, Qt's
 * warnings, Gecko's script errors and warnings ("JavaScript error: …", "console.error: …",
 * "[Parent 42, Main Thread] WARNING: …") and its IPC errors ("###!!! [Parent][MessageChannel] …").
 */
const TROUBLE =
  /(-CRITICAL \*\*|-WARNING \*\*|^QWidget::|^QObject::|^QPainter::|^QTextCursor::|^QAccessible|^qt\.[\w.]+: |^Warning: |^JavaScript (error|warning): |^console\.(error|warn): |^\[(Parent|Child) \d+, [^\]]*\] WARNING: |^###!!! )/m;

export function troubleLines(log: string): string[] {
  return log.split('\n').filter((line) => TROUBLE.test(line));
}

function readLog(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

export function corpusSuite(title: string, ids: string[]): void {
  const apps = ids.map(corpusApp);
  const stack = displayStack(apps.map((a) => a.command));
  describe.skipIf(stack.skip)(title, () => {
    const live = useLiveBridge();
    const running = new Map<string, RunningCorpusApp>();
    let dir = '';
    let docs: CorpusDocuments;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'gui-bridge-corpus-'));
      docs = prepareDocuments(dir);
      for (const app of apps) running.set(app.id, await launchCorpusApp(live.desktop, app, docs));
      for (const app of apps) if (app.startupDialog) await dismiss(live, app.startupDialog, (app.startSeconds ?? 45) * 1000);
    }, 240_000);
    afterAll(async () => {
      for (const app of running.values()) await app.stop().catch(() => undefined);
      if (dir) rmSync(dir, { recursive: true, force: true });
    }, 60_000);

    for (const app of apps) {
      const wait = (app.startSeconds ?? 45) * 1000;
      it(
        `${app.id} (${app.toolkit} ${app.kind}): ≥ ${THRESHOLD * 100}% of pyatspi's texts, no hidden text`,
        async () => {
          const window = await live.windowTitled(new RegExp(escape(app.titleText)), wait);
          // Both reads are taken once the window is quiet: one still loading changes between them
          // (Thunderbird's status text flickers through "Done" while it builds its folders' indexes).
          await quietWindow(live, window.id);
          const broughtForward = await bringForwardIfUndrawn(live, window.id);
          let coverage: ReturnType<typeof corpusCoverage>;
          let now: Window | undefined;
          let lastReference: A11yNode | undefined;
          const started = Date.now();
          for (;;) {
            const reference = await pyatspiWindow(live.desktop, app.atspiName, app.titleText, 90_000, true);
            lastReference = reference;
            // Read again after the dump, tools too: the window may have changed since (a document finished loading).
            now = (await live.windowNow(window.id)) ?? window;
            coverage = corpusCoverage(reference, toolkitOf(app), now, await toolsOf(live, now));
            // pyatspi saw no text on screen: the window was still being mapped (Gecko sets
            // Thunderbird's nodes `showing` in steps at start-up, and on a loaded machine that
            // took over a minute): it looks again, within a budget.
            if (coverage.items > 0 || Date.now() - started > REFERENCE_BUDGET_MS) break;
            await new Promise((resolve) => setTimeout(resolve, 2000));
            await quietWindow(live, window.id);
          }
          if (broughtForward) console.log(`${app.id}: its window was undrawn; its focus tool brought it forward, as the notice says`);
          console.log(`${app.id}: ${formatCoverage(coverage)}; missing: ${coverage.missing.join(' | ')}; hidden shown: ${coverage.leaks.join(' | ')}`);
          // A window pyatspi reads nothing in proves nothing: the comparison needs texts.
          if (coverage.items === 0)
            console.log(
              `${app.id}: pyatspi read no text: ${referenceOutline(lastReference)}; app log: ${tail(readLog(running.get(app.id)?.logFile ?? ''))}; X: ${xState(live, app.titleText)}`,
            );
          expect(coverage.items, `texts pyatspi reads in the window (the bridge read: ${JSON.stringify(now?.blocks).slice(0, 600)})`).toBeGreaterThan(0);
          expect(coverage.leaks, 'texts of hidden nodes in the read').toEqual([]);
          expect(coverage.textRatio, `missing: ${coverage.missing.join(' | ')}`).toBeGreaterThanOrEqual(THRESHOLD);
          // With the rows too: the cells and list items pyatspi reads in the window.
          expect(coverage.ratio, `missing: ${coverage.missing.join(' | ')}`).toBeGreaterThanOrEqual(THRESHOLD);
        },
        wait + REFERENCE_BUDGET_MS + 150_000,
      );

      it(
        `${app.id}: survives ${READS} reads and ${ACTIONS} harmless actions`,
        async () => {
          const window = await live.windowTitled(new RegExp(escape(app.titleText)), wait);
          const proc = running.get(app.id) as RunningCorpusApp;
          const before = troubleLines(readLog(proc.logFile)).length;
          for (let i = 0; i < READS; i++) expect(await live.windowNow(window.id), `read ${i + 1}`).toBeDefined();
          const outcomes = await harmlessActions(live, window, ACTIONS);
          console.log(`${app.id}: ${outcomes.join(', ')}`);
          const after = await live.windowNow(window.id);
          expect(after?.blocks.length, 'the window still reads').toBeGreaterThan(0);
          expect(await Promise.race([proc.launched.exited.then(() => 'exited'), Promise.resolve('alive')])).toBe('alive');
          const fresh = troubleLines(readLog(proc.logFile)).slice(before);
          expect(fresh, `new warnings in the log after ${outcomes.join(', ')}`).toEqual([]);
        },
        wait + 300_000,
      );
    }
  });
}

/** Presses the button that closes a start-up dialog, and waits until the dialog is gone. */
async function dismiss(live: LiveBridge, dialog: { title: string; press: string }, timeoutMs: number): Promise<void> {
  const title = new RegExp(escape(dialog.title));
  const window = await live.windowTitled(title, timeoutMs);
  const result = await live.client.call(`${window.id}__press`, { button: dialog.press });
  if (result.isError) throw new Error(`could not dismiss "${dialog.title}": ${JSON.stringify(structured(result))}`);
  await waitFor(async () => !(await live.client.snapshot()).windows.some((w) => title.test(w.title)), 20_000);
}

/** How long a window's version must stay the same to count as quiet, and how long to wait for that. */
const QUIET_MS = 2000;
const QUIET_TIMEOUT_MS = 30_000;

/** Waits until the window's version has not changed for QUIET_MS (at most QUIET_TIMEOUT_MS: then reads anyway). */
/** How long pyatspi's dumps may see no text on screen before the reference counts as empty. */
const REFERENCE_BUDGET_MS = 120_000;

async function quietWindow(live: LiveBridge, id: string): Promise<void> {
  const start = Date.now();
  // A window shown before its content is accessible (Gecko builds Thunderbird's tree after the
  // title is set; measured under load: both pyatspi and the bridge read nothing) is waited for first.
  while (Date.now() - start < QUIET_TIMEOUT_MS && !hasContent(await live.windowNow(id))) await new Promise((resolve) => setTimeout(resolve, 250));
  let version = (await live.windowNow(id))?.version;
  let since = Date.now();
  while (Date.now() - since < QUIET_MS && Date.now() - start < QUIET_TIMEOUT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = (await live.windowNow(id))?.version;
    if (now !== version) [version, since] = [now, Date.now()];
  }
}

/** Something beyond notices, and no notice that the content has not appeared yet; or content the app has not drawn. */
function hasContent(window: Window | undefined): boolean {
  if (!window) return false;
  const notices = window.blocks.filter((b) => b.type === 'notice');
  if (isUndrawn(window)) return true;
  return window.blocks.length > notices.length && !notices.some((b) => /has not appeared yet/.test(b.text));
}

function isUndrawn(window: Window | undefined): boolean {
  return !!window?.blocks.some((b) => b.type === 'notice' && b.text.startsWith(UNDRAWN_START));
}

const UNDRAWN_START = undrawnNotice(0).slice(0, 40);

/**
 * A window the bridge says its app has not drawn (another window covered it while it opened: a
 * Gecko window counts nothing as showing then) is brought forward with its focus tool, as the
 * notice tells an agent to, and read once it is quiet again. True when it was.
 */
async function bringForwardIfUndrawn(live: LiveBridge, id: string): Promise<boolean> {
  if (!isUndrawn(await live.windowNow(id))) return false;
  const result = await live.client.call(`${id}__focus`, {});
  if (result.isError) throw new Error(`focus of an undrawn window failed: ${JSON.stringify(structured(result))}`);
  await waitFor(async () => (isUndrawn(await live.windowNow(id)) ? null : true), 30_000);
  await quietWindow(live, id);
  return true;
}

/**
 * What a reference with no text held, to tell a window never mapped from content never shown:
 * its node count, how many are showing, and the first named nodes with their states.
 */
function referenceOutline(root: A11yNode | undefined): string {
  if (!root) return 'no dump';
  const nodes: A11yNode[] = [];
  const visit = (node: A11yNode): void => {
    nodes.push(node);
    node.children.forEach(visit);
  };
  visit(root);
  const showing = nodes.filter((n) => n.states.includes('showing')).length;
  const named = nodes
    .filter((n) => n.name)
    .slice(0, 15)
    .map((n) => `${n.role} "${n.name.slice(0, 30)}" [${n.states.filter((s) => /showing|visible|defunct|iconified|active/.test(s)).join(' ')}]`);
  return `${nodes.length} nodes, ${showing} showing, root ${root.role} "${root.name}" [${root.states.join(' ')}], named: ${named.join('; ')}`;
}

/** The window's X map state and window-manager states, and the stacking order, by title. */
function xState(live: LiveBridge, title: string): string {
  const env = desktopProcessEnv(live.desktop.env);
  const run = (cmd: string, args: string[]): string => {
    try {
      return execFileSync(cmd, args, { env, encoding: 'utf8', timeout: 10_000 });
    } catch (error) {
      return String(error);
    }
  };
  const ids = run('xdotool', ['search', '--name', title]).trim().split('\n');
  const windows = ids.map(
    (id) =>
      `${id}: ${run('xprop', ['-id', id, 'WM_STATE', '_NET_WM_STATE', 'WM_NAME']).replace(/\s+/g, ' ')} ${/Map State: \w+/.exec(run('xwininfo', ['-id', id]))?.[0]}`,
  );
  return `${windows.join('; ')}; ${run('xprop', ['-root', '_NET_ACTIVE_WINDOW', '_NET_CLIENT_LIST_STACKING']).replace(/\s+/g, ' ')}`;
}

function tail(log: string): string {
  return log.split('\n').slice(-12).join(' | ').slice(-1500);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function toolsOf(live: LiveBridge, window: Window) {
  return (await live.client.client.listTools()).tools.filter((t) => t.name.startsWith(`${window.id}__`));
}

/**
 * Actions that change nothing a user keeps: focus the window, read more rows of a table or list,
 * select its first row, turn a check box over and back. Each outcome is named (ok, or its error
 * code); an app that refuses one is fine, one that crashes or warns is not.
 */
async function harmlessActions(live: LiveBridge, window: Window, count: number): Promise<string[]> {
  const tools = await toolsOf(live, window);
  const enumOf = (tool: string, key: string): string[] => {
    const schema = tools.find((t) => t.name === `${window.id}__${tool}`)?.inputSchema as { properties?: Record<string, { enum?: string[] }> } | undefined;
    return schema?.properties?.[key]?.enum ?? [];
  };
  const fields = (window.blocks.find((b) => b.type === 'fields') as { items: Array<{ label: string; value: unknown }> } | undefined)?.items ?? [];
  const checks = fields.filter((f) => typeof f.value === 'boolean' && enumOf('toggle', 'field').includes(f.label));
  const collections = enumOf('load_rows', 'table');
  const selectable = enumOf('select', 'field');
  const steps: Array<[string, Record<string, unknown>]> = [['focus', {}]];
  let rows: string[] = [];
  if (collections[0]) steps.push(['load_rows', { table: collections[0], offset: 0, limit: 5 }]);
  const target = selectable[0];
  if (target) {
    // A choice field keeps its value (choosing it again); a list or table gets its first row chosen.
    const current = fields.find((f) => f.label === target)?.value;
    // A table row by the text of it the select tool offers (not always its first cell: JabRef's
    // "#" reads the same in every row, so its rows are named by another column).
    const offered = enumOf('select', 'option');
    const rowName = (row: unknown[]) => row.map(String).find((text) => offered.includes(text)) ?? String(row[0]);
    rows = window.blocks.flatMap((b) => (b.type === 'list' ? b.items.map(String) : b.type === 'table' ? b.rows.map(rowName) : []));
    const option = typeof current === 'string' ? current : rows[0];
    if (option !== undefined) steps.push(['select', { field: target, option: String(option) }]);
  }
  const check = checks.find((c) => c.value === false) ?? checks[0];
  if (check) steps.push(['toggle', { field: check.label, on: !check.value }], ['toggle', { field: check.label, on: check.value }]);
  const outcomes: string[] = [];
  for (let i = 0; i < count; i++) {
    const [tool, args] = steps[i % steps.length] as [string, Record<string, unknown>];
    const result = await live.client.call(`${window.id}__${tool}`, args);
    outcomes.push(`${tool}:${result.isError ? String(structured(result).code ?? 'error') : 'ok'}`);
    // A row the app does not let be chosen (a sidebar's "Places" heading): the next row, as an
    // agent would, instead of asking the same refusal again.
    if (tool === 'select' && result.isError && rows.length > 1) args.option = rows[(rows.indexOf(String(args.option)) + 1) % rows.length];
  }
  return outcomes;
}
