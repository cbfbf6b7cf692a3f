/**
 * What a failed live test leaves behind for whoever reads CI's output: the bridge's log tail,
 * which of the desktop's processes still run, and each one's log tail. A failure seen once in CI
 * (an app gone, a window the bridge lost) cannot be told apart afterwards without this: the
 * desktop and its logs are deleted at teardown.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { DesktopHandle } from '../../../src/platform/linux/desktop/index.js';
import { isRunning } from '../../../src/platform/linux/desktop/processes.js';
import { desktopPaths } from '../../../src/platform/linux/desktop/state.js';

const TAIL_CHARS = 4000;

function tail(text: string, chars = TAIL_CHARS): string {
  return text.length > chars ? `…${text.slice(-chars)}` : text;
}

function readLog(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    return `(unreadable: ${String(error)})`;
  }
}

/** The report: processes (alive or gone), then every log of the desktop, then the bridge's. */
export function failureReport(desktop: DesktopHandle, bridgeLog: string): string {
  const lines = ['processes:'];
  for (const p of desktop.state.processes) lines.push(`  ${p.name} pid ${p.pid}: ${isRunning(p) ? 'running' : 'GONE'}`);
  const logs = desktopPaths(desktop.state.dir).logs;
  let files: string[] = [];
  try {
    files = readdirSync(logs).sort();
  } catch {
    lines.push(`(no log folder ${logs})`);
  }
  for (const file of files) {
    const text = readLog(join(logs, file));
    if (text.trim()) lines.push(`--- ${file}`, tail(text, 1500));
  }
  lines.push('--- bridge log', tail(bridgeLog));
  return lines.join('\n');
}

/** Prints the report after the first failed test of a file (once: later failures usually follow from it). */
export function reportFirstFailure(context: () => { desktop: DesktopHandle; log: string } | null): void {
  let reported = false;
  afterEach(({ task }) => {
    if (reported || task.result?.state !== 'fail') return;
    const now = context();
    if (!now) return;
    reported = true;
    console.error(`[live failure report: ${task.name}]\n${failureReport(now.desktop, now.log)}`);
  });
}
