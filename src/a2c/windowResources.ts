/**
 * `serve --a2c`: one `window://<host>/<winId>` resource per window, besides `app://windows` (D-6),
 * shaped for A2C-SMCP v0.2 Computers (seed §4.1, §5.1):
 * - metadata in `annotations` (priority in [0,1], audience ["assistant"], lastModified ISO 8601)
 *   and `_meta.fullscreen` (true on at most one window), never in the URI (W1–W4);
 * - cursor paging on `resources/list` (a2c-smcp-protocol/docs/specification/events.md
 *   `client:get_resources` forwards one page at a time);
 * - `resources/read` returns compact text from a per-window cache;
 * - `resources/list_changed` when windows open or close, `resources/updated` only when a window's
 *   text really changed (version, header or operability) — never because of a read or a
 *   subscription (the notification loop the Python SDK hit).
 */
import { ErrorCode, McpError, type ReadResourceResult, type Resource } from '@modelcontextprotocol/sdk/types.js';
import type { Bridge } from '../bridge/bridge.js';
import type { BridgeChange, WindowRecord } from '../bridge/state.js';
import type { ResourceExtension, ResourcePage } from '../server/resources.js';
import { HostAssigner, type HostOptions } from './hosts.js';
import { chooseFullscreen, windowPriority } from './priority.js';
import { renderWindowText } from './windowText.js';
import { buildWindowUri, parseWindowUri, WindowUriError } from './windowUri.js';

export interface WindowResourceOptions extends HostOptions {
  /** Window resources per `resources/list` page (default 50). */
  pageSize?: number;
}

export const WINDOW_MIME_TYPE = 'text/plain';
const DEFAULT_PAGE_SIZE = 50;

interface CachedText {
  key: string;
  text: string;
}

export class WindowResources implements ResourceExtension {
  readonly listChanged = true;
  private readonly hosts: HostAssigner;
  private readonly pageSize: number;
  private readonly uriByWinId = new Map<string, string>();
  private readonly winIdByUri = new Map<string, string>();
  private readonly texts = new Map<string, CachedText>();
  private contentKeys = new Map<string, string>();
  private lastChange: { generation: number; result: { updatedUris: string[]; listChanged: boolean } } | null = null;

  constructor(
    private readonly bridge: Bridge,
    options: WindowResourceOptions = {},
  ) {
    this.hosts = new HostAssigner(options);
    this.pageSize = Math.max(1, options.pageSize ?? DEFAULT_PAGE_SIZE);
    this.contentKeys = this.currentKeys();
  }

  /** The URI of a window; stable for the window's life. */
  uriOf(record: WindowRecord): string {
    let uri = this.uriByWinId.get(record.winId);
    if (uri === undefined) {
      uri = buildWindowUri(this.hosts.hostFor(record.facts.app), [record.winId]);
      this.uriByWinId.set(record.winId, uri);
      this.winIdByUri.set(uri, record.winId);
    }
    return uri;
  }

  list(cursor: string | undefined): ResourcePage {
    const after = cursor === undefined ? 0 : decodeCursor(cursor);
    const windows = this.bridge
      .windows()
      .filter((w) => w.order > after)
      .sort((a, b) => a.order - b.order);
    const page = windows.slice(0, this.pageSize);
    const fullscreenId = this.fullscreenWinId();
    const resources = page.map((w) => this.describe(w, w.winId === fullscreenId));
    const last = page[page.length - 1];
    return windows.length > page.length && last ? { resources, nextCursor: encodeCursor(last.order) } : { resources };
  }

  read(uri: string): ReadResourceResult | undefined {
    const record = this.recordFor(uri);
    if (!record) return undefined;
    const canonical = this.uriOf(record);
    return { contents: [{ uri: canonical, mimeType: WINDOW_MIME_TYPE, text: this.textOf(record) }] };
  }

  owns(uri: string): boolean {
    try {
      const parsed = parseWindowUri(uri);
      this.assignAll();
      return parsed.path.length === 1 && this.hosts.has(parsed.host);
    } catch (error) {
      if (error instanceof WindowUriError) return false;
      throw error;
    }
  }

  changesFor(change: BridgeChange): { updatedUris: string[]; listChanged: boolean } {
    // The hub asks once per change; answering twice the same way keeps it idempotent.
    if (this.lastChange?.generation === change.generation) return this.lastChange.result;
    const keys = this.currentKeys();
    const updatedUris: string[] = [];
    for (const [winId, key] of keys) {
      const before = this.contentKeys.get(winId);
      const record = this.bridge.state.window(winId);
      if (before !== undefined && before !== key && record) updatedUris.push(this.uriOf(record));
    }
    for (const winId of change.closed) this.forget(winId);
    this.contentKeys = keys;
    const result = { updatedUris, listChanged: change.opened.length > 0 || change.closed.length > 0 };
    this.lastChange = { generation: change.generation, result };
    return result;
  }

  private describe(record: WindowRecord, fullscreen: boolean): Resource {
    const operable = this.bridge.state.isOperable(record.winId);
    return {
      uri: this.uriOf(record),
      name: record.facts.title || record.winId,
      description: record.content.summary || undefined,
      mimeType: WINDOW_MIME_TYPE,
      annotations: {
        priority: windowPriority({ modal: record.facts.modal, active: record.facts.active, operable }),
        audience: ['assistant'],
        lastModified: new Date(record.lastModified).toISOString(),
      },
      _meta: { fullscreen },
    };
  }

  private textOf(record: WindowRecord): string {
    const key = this.contentKey(record);
    const cached = this.texts.get(record.winId);
    if (cached?.key === key) return cached.text;
    const text = renderWindowText({
      winId: record.winId,
      title: record.facts.title,
      modal: record.facts.modal,
      ownerId: record.facts.ownerId,
      version: record.version,
      summary: record.content.summary,
      blocks: record.content.blocks,
      operable: this.bridge.state.isOperable(record.winId),
    });
    this.texts.set(record.winId, { key, text });
    return text;
  }

  /** Everything the text depends on: a change here is a real change of the resource. */
  private contentKey(record: WindowRecord): string {
    const f = record.facts;
    return `${record.version}\u0000${this.bridge.state.isOperable(record.winId)}\u0000${f.title}\u0000${f.modal}\u0000${f.ownerId}`;
  }

  private currentKeys(): Map<string, string> {
    return new Map(this.bridge.windows().map((w) => [w.winId, this.contentKey(w)]));
  }

  private recordFor(uri: string): WindowRecord | undefined {
    let winId = this.winIdByUri.get(uri);
    if (winId === undefined) {
      this.assignAll();
      const canonical = canonicalUri(uri);
      winId = this.winIdByUri.get(uri) ?? (canonical === undefined ? undefined : this.winIdByUri.get(canonical));
    }
    return winId === undefined ? undefined : this.bridge.state.window(winId);
  }

  /** Hosts are assigned on first sight of an application: give every live window its URI. */
  private assignAll(): void {
    for (const w of this.bridge.windows()) this.uriOf(w);
  }

  private fullscreenWinId(): string | null {
    const state = this.bridge.state;
    return chooseFullscreen(
      this.bridge.windows().map((w) => ({
        winId: w.winId,
        fullscreen: w.facts.fullscreen,
        order: w.order,
        modal: w.facts.modal,
        active: w.facts.active,
        operable: state.isOperable(w.winId),
      })),
    );
  }

  private forget(winId: string): void {
    const uri = this.uriByWinId.get(winId);
    if (uri !== undefined) this.winIdByUri.delete(uri);
    this.uriByWinId.delete(winId);
    this.texts.delete(winId);
  }
}

export function createWindowResources(bridge: Bridge, options: WindowResourceOptions = {}): WindowResources {
  return new WindowResources(bridge, options);
}

function canonicalUri(uri: string): string | undefined {
  try {
    return parseWindowUri(uri).uri;
  } catch {
    return undefined;
  }
}

/** Cursors are opaque to clients: base64url of the last listed window's opening order. */
function encodeCursor(order: number): string {
  return Buffer.from(`after:${order}`).toString('base64url');
}

function decodeCursor(cursor: string): number {
  const match = /^after:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new McpError(ErrorCode.InvalidParams, `Invalid cursor: ${cursor}`, { cursor });
  return Number(match[1]);
}
