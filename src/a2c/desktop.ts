/**
 * organize_desktop: how a Computer turns the `window://` resources of its MCP servers into the
 * `desktops` strings of `client:get_desktop`. Behaviour contract of
 * a2c-smcp-protocol/docs/specification/desktop.md "Desktop 组织策略" with v0.2 metadata sources (seed §4.1, §6.2),
 * matching python-sdk a2c_smcp/computer/desktop/organize.py:
 *  0. `window` filter: exact URI match, applied first;
 *  1. size ≤ 0 → []; drop windows with no contents, a non-window URI or only blob contents;
 *     priority = annotations.priority when a number in [0,1], else 0 (WARN when present but
 *     invalid); fullscreen only when `_meta.fullscreen === true` (WARN on non-booleans); WARN, but
 *     keep, windows whose audience lacks "assistant";
 *  2. servers in recent tool-call order (newest first, no duplicates), then the others by name;
 *  3. inside a server, a stable sort by priority, highest first;
 *  4. a server with a fullscreen window contributes only its first one (lowest list index);
 *  5. emit in that order up to `size` entries overall; each entry is `"{uri}\n\n{text}"`, or just
 *     the URI when there is no text.
 */
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js';
import { silentLogger, type Logger } from '../util/logger.js';
import { parseWindowUri } from './windowUri.js';

export interface DesktopWindow {
  /** Name of the MCP server that listed it. */
  server: string;
  resource: Resource;
  contents: ReadResourceResult['contents'];
}

export interface ToolCallRecord {
  server: string;
  tool: string;
  req_id: string;
  timestamp: string;
  success: boolean;
}

export interface OrganizeOptions {
  windows: readonly DesktopWindow[];
  /** `desktop_size`: undefined = no limit. */
  size?: number;
  /** Oldest first, as recorded (the last 10 calls). */
  history: readonly Pick<ToolCallRecord, 'server'>[];
  /** `window`: only this exact URI. */
  window?: string;
  log?: Logger;
}

interface Entry {
  uri: string;
  body: string;
  priority: number;
  fullscreen: boolean;
  index: number;
}

export function organizeDesktop(options: OrganizeOptions): string[] {
  const { size, history, window, log = silentLogger } = options;
  if (size !== undefined && size <= 0) return [];
  const windows = window === undefined ? options.windows : options.windows.filter((w) => w.resource.uri === window);
  const grouped = groupByServer(windows, log);
  const limit = size ?? Number.POSITIVE_INFINITY;
  const result: string[] = [];
  for (const server of serverOrder(grouped, history)) {
    if (result.length >= limit) break;
    const entries = grouped.get(server) ?? [];
    const fullscreen = entries.filter((e) => e.fullscreen).sort((a, b) => a.index - b.index)[0];
    if (fullscreen) {
      result.push(render(fullscreen));
      continue;
    }
    for (const entry of entries) {
      if (result.length >= limit) break;
      result.push(render(entry));
    }
  }
  return result;
}

/** Server names: newest in the history first, then the unused ones by name. */
export function serverOrder(grouped: ReadonlyMap<string, unknown>, history: readonly Pick<ToolCallRecord, 'server'>[]): string[] {
  const recent: string[] = [];
  for (let i = history.length - 1; i >= 0; i--) {
    const server = history[i]?.server;
    if (server !== undefined && grouped.has(server) && !recent.includes(server)) recent.push(server);
  }
  const rest = [...grouped.keys()].filter((s) => !recent.includes(s)).sort(byCodePoint);
  return [...recent, ...rest];
}

function groupByServer(windows: readonly DesktopWindow[], log: Logger): Map<string, Entry[]> {
  const grouped = new Map<string, Entry[]>();
  windows.forEach((w, index) => {
    const entry = toEntry(w, index, log);
    if (!entry) return;
    const list = grouped.get(w.server) ?? [];
    list.push(entry);
    grouped.set(w.server, list);
  });
  // Array.prototype.sort is stable: equal priorities keep the servers' own order.
  for (const list of grouped.values()) list.sort((a, b) => b.priority - a.priority);
  return grouped;
}

function toEntry(w: DesktopWindow, index: number, log: Logger): Entry | null {
  if (w.contents.length === 0) return null;
  let uri: string;
  try {
    const parsed = parseWindowUri(w.resource.uri);
    for (const warning of parsed.warnings) log.warn(warning, { server: w.server });
    uri = parsed.uri;
  } catch {
    return null;
  }
  const texts = w.contents.filter((c): c is typeof c & { text: string } => 'text' in c && typeof c.text === 'string');
  if (texts.length === 0) {
    log.warn('skipped a window with only blob contents', { server: w.server, uri });
    return null;
  }
  checkAudience(w, log);
  const body = texts
    .map((c) => c.text)
    .filter((t) => t.length > 0)
    .join('\n\n')
    .trim();
  return { uri, body, priority: readPriority(w, log), fullscreen: readFullscreen(w, log), index };
}

function readPriority(w: DesktopWindow, log: Logger): number {
  const value: unknown = w.resource.annotations?.priority;
  if (value === undefined || value === null) return 0;
  if (typeof value === 'number' && value >= 0 && value <= 1) return value;
  log.warn('annotations.priority is not a number in [0, 1]; using 0', { server: w.server, uri: w.resource.uri });
  return 0;
}

function readFullscreen(w: DesktopWindow, log: Logger): boolean {
  const meta = w.resource._meta;
  const value: unknown = meta && typeof meta === 'object' ? (meta as Record<string, unknown>).fullscreen : undefined;
  if (value === undefined || value === null || typeof value === 'boolean') return value === true;
  log.warn('_meta.fullscreen is not a boolean; using false', { server: w.server, uri: w.resource.uri });
  return false;
}

function checkAudience(w: DesktopWindow, log: Logger): void {
  const audience = w.resource.annotations?.audience;
  if (audience !== undefined && !audience.includes('assistant')) {
    log.warn('window resource audience lacks "assistant" (kept; v0.2 only warns)', { server: w.server, uri: w.resource.uri });
  }
}

function render(entry: Entry): string {
  return entry.body ? `${entry.uri}\n\n${entry.body}` : entry.uri;
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
