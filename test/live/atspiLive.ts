/**
 * Shared pieces of the AT-SPI live tests: our AT-SPI access on a test desktop, finding an
 * application by pid, and the independent pyatspi dump (fixtures/atspi_dump.py) to compare with.
 */
import { execFile } from 'node:child_process';
import { afterAll, beforeAll } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { A11yNode } from '../../src/platform/probe.js';
import { AtspiAccess, type AtspiApplication } from '../../src/platform/linux/atspi/index.js';
import { IFACE } from '../../src/platform/linux/atspi/names.js';
import { ToolkitCache } from '../../src/platform/linux/atspi/toolkits.js';
import type { ObjRef } from '../../src/platform/linux/atspi/refs.js';
import { ADOPTED } from '../../src/platform/linux/atspi/statusBars.js';
import { desktopProcessEnv, type Desktop } from '../../src/platform/linux/desktop/index.js';
import { waitFor } from './helpers/desktop.js';

const DUMPER = fileURLToPath(new URL('./fixtures/atspi_dump.py', import.meta.url));
/** The system interpreter: pyatspi is a Debian package (python3-pyatspi), not a pip one. */
const PYTHON = '/usr/bin/python3';

export type DumpNode = [depth: number, role: string, name: string];

export interface PyDump {
  apps: Array<{ name: string; pid: number; toolkit: string; topLevels: Array<{ name: string; role: string; nodes: DumpNode[] }> }>;
  /** Milliseconds per application read. */
  ms: number[];
}

/** pyatspi's view of the application with this pid (all its top-levels). */
export function pyDump(env: Record<string, string>, pid: number, extra: string[] = []): Promise<PyDump> {
  return new Promise((resolve, reject) => {
    const args = [DUMPER, '--pid', String(pid), ...extra];
    execFile(PYTHON, args, { env: desktopProcessEnv(env), timeout: 60_000, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`atspi_dump.py failed: ${error.message} ${stderr}`));
      try {
        resolve(JSON.parse(stdout) as PyDump);
      } catch {
        reject(new Error(`atspi_dump.py printed no JSON: ${stdout.slice(0, 200)}`));
      }
    });
  });
}

/** Our AT-SPI access and a toolkit cache for a describe block's desktop, opened before its tests, closed after. */
export function useAccess(live: { desktop: Desktop }): { access: AtspiAccess; toolkits: ToolkitCache } {
  const opened = {} as { access: AtspiAccess; toolkits: ToolkitCache };
  beforeAll(async () => {
    opened.access = await openAccess(live.desktop);
    opened.toolkits = new ToolkitCache(opened.access.client);
  }, 60_000);
  afterAll(async () => {
    await opened.access?.close();
  });
  return opened;
}

export async function openAccess(desktop: Desktop): Promise<AtspiAccess> {
  const access = await AtspiAccess.open({ env: desktop.env });
  await access.connection.whenHealthy(10_000);
  return access;
}

/** The application with this pid, once it shows at least one top-level accessible. */
export function waitForApp(access: AtspiAccess, pid: number, timeoutMs = 30_000): Promise<AtspiApplication> {
  return waitFor(async () => (await access.listApplications()).find((app) => app.pid === pid && app.topLevels.length > 0), timeoutMs);
}

/**
 * Depth-first [depth, role, name] of our tree with the synthetic table rows taken out again, and
 * without the nodes the probe adopts (GTK3 status bar buttons: no children in AT-SPI).
 */
export function flatten(root: A11yNode, depth = 0, out: DumpNode[] = []): DumpNode[] {
  if (root.attributes?.[ADOPTED.key] === ADOPTED.value) return out;
  const synthetic = root.role === 'table_row' && root.ref.includes('#row');
  if (!synthetic) out.push([depth, root.role, root.name]);
  for (const child of root.children) flatten(child, synthetic ? depth : depth + 1, out);
  return out;
}

export function findNodes(root: A11yNode, predicate: (node: A11yNode) => boolean, out: A11yNode[] = []): A11yNode[] {
  if (predicate(root)) out.push(root);
  for (const child of root.children) findNodes(child, predicate, out);
  return out;
}

export function findNode(root: A11yNode, predicate: (node: A11yNode) => boolean): A11yNode {
  const [found] = findNodes(root, predicate);
  if (!found) throw new Error('no such node in the tree');
  return found;
}

export const FULL_BUDGET = { maxNodes: 20_000, maxDepth: 200, deadlineMs: 10_000 };

export interface Recorded {
  /** Interface → object paths called on it (a Properties call counts for the interface it reads). */
  byInterface: Map<string, Set<string>>;
  children: Set<string>;
}

/** Records every call of `run` by the interface it addresses. */
export async function recordCalls<T>(access: AtspiAccess, run: () => Promise<T>): Promise<{ result: T; calls: Recorded }> {
  const client = access.client;
  const original = client.call.bind(client);
  const calls: Recorded = { byInterface: new Map(), children: new Set() };
  client.call = (ref: ObjRef, iface: string, member: string, signature?: string, body?: unknown[], timeoutMs?: number) => {
    const target = iface === IFACE.properties ? String(body?.[0]) : iface;
    const paths = calls.byInterface.get(target) ?? new Set<string>();
    paths.add(`${ref.bus}${ref.path}`);
    calls.byInterface.set(target, paths);
    if (member === 'GetChildren') calls.children.add(`${ref.bus}${ref.path}`);
    return original(ref, iface, member, signature, body, timeoutMs);
  };
  try {
    return { result: await run(), calls };
  } finally {
    client.call = original;
  }
}
