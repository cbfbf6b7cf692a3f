/**
 * The bridge state: the one shared, global view of every served window (P-SESS-2), with the
 * operable set, the tool table and a cached snapshot derived from it. It changes only through
 * `apply`, which is synchronous, so every read sees one self-consistent instant (P-RES-5).
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { computeOperability, type Operability } from '../protocol/operability.js';
import type { Snapshot } from '../protocol/schemas.js';
import type { AppInfo, WindowTree } from '../platform/probe.js';
import type { LiveWindow, StateReader, WindowFacts, WindowView } from '../translate/types.js';
import type { PreparedAction } from './prepare.js';
import { buildWindow, type PublishedContent } from './publish.js';

export interface WindowRecord extends LiveWindow {
  order: number;
  facts: WindowFacts;
  tree: WindowTree;
  translatorId: string;
  view: WindowView;
  content: PublishedContent;
  /** JSON of `content`: version bumps iff it changes (P-CONC-1). */
  contentKey: string;
  version: number;
  /** Epoch ms of the last version change. */
  lastModified: number;
  actions: Map<string, PreparedAction>;
  /** JSON of the actions' descriptors, to notice tool changes cheaply. */
  toolsKey: string;
}

export interface AppTool {
  appKey: string;
  prepared: PreparedAction;
}

export interface BridgeChange {
  generation: number;
  /** `app://windows` changed: topology, operability or any window's header or content (P-NOTE-2/3). */
  resourcesChanged: boolean;
  /** The tool list changed: operable set or available actions (P-NOTE-2/4, P-TOOL-3). */
  toolsChanged: boolean;
  opened: string[];
  closed: string[];
  /** Windows whose version or header changed. */
  updated: string[];
}

export type ToolTarget = { kind: 'window'; winId: string; prepared: PreparedAction } | { kind: 'app'; appKey: string; prepared: PreparedAction };

export class BridgeState implements StateReader {
  private records = new Map<string, WindowRecord>();
  private appList: AppInfo[] = [];
  private appTools: AppTool[] = [];
  private operability: Operability = { operableWindowIds: [], collapsedAppKeys: new Set() };
  private operableSet = new Set<string>();
  private toolTable = new Map<string, ToolTarget>();
  private toolList: Tool[] = [];
  private toolKeys = new Map<string, string>();
  private snapshotCache: { json: string; value: Snapshot } | null = null;
  private generationCounter = 0;

  get generation(): number {
    return this.generationCounter;
  }

  windows(): WindowRecord[] {
    return [...this.records.values()];
  }

  window(winId: string): WindowRecord | undefined {
    return this.records.get(winId);
  }

  apps(): AppInfo[] {
    return this.appList;
  }

  isOperable(winId: string): boolean {
    return this.operableSet.has(winId);
  }

  isAppCollapsed(appKey: string): boolean {
    return this.operability.collapsedAppKeys.has(appKey);
  }

  tools(): Tool[] {
    return this.toolList;
  }

  toolTarget(name: string): ToolTarget | undefined {
    return this.toolTable.get(name);
  }

  /** Replaces the whole state at once and says what changed. */
  apply(records: WindowRecord[], apps: AppInfo[], appTools: (collapsed: Set<string>) => AppTool[]): BridgeChange {
    const previous = this.records;
    const next = new Map(records.map((r) => [r.winId, r]));
    const opened = records.filter((r) => !previous.has(r.winId)).map((r) => r.winId);
    const closed = [...previous.keys()].filter((id) => !next.has(id));
    const updated = records.filter((r) => {
      const before = previous.get(r.winId);
      return before !== undefined && before !== r && (before.version !== r.version || headerKey(before) !== headerKey(r));
    });

    const operability = computeOperability(
      records.map((r) => ({ id: r.winId, appKey: r.facts.appKey, modal: r.facts.modal, ownerId: r.facts.ownerId, order: r.order })),
    );
    const operableChanged = operability.operableWindowIds.join(',') !== this.operability.operableWindowIds.join(',');

    this.records = next;
    this.appList = apps;
    this.operability = operability;
    this.operableSet = new Set(operability.operableWindowIds);
    this.appTools = appTools(operability.collapsedAppKeys);
    const toolsChanged = this.rebuildTools();
    const resourcesChanged = opened.length > 0 || closed.length > 0 || updated.length > 0 || operableChanged;
    if (resourcesChanged) this.snapshotCache = null;
    this.generationCounter++;
    return {
      generation: this.generationCounter,
      resourcesChanged,
      toolsChanged,
      opened,
      closed,
      updated: updated.map((r) => r.winId),
    };
  }

  /** P-RES-2/3: the whole snapshot, serialised once per change and shared by every reader. */
  snapshotJson(): string {
    return this.snapshot().json;
  }

  snapshotValue(): Snapshot {
    return this.snapshot().value;
  }

  private snapshot(): { json: string; value: Snapshot } {
    if (!this.snapshotCache) {
      const ordered = [...this.records.values()].sort((a, b) => a.order - b.order);
      const value: Snapshot = {
        operableWindowIds: this.operability.operableWindowIds,
        windows: ordered.map((r) => buildWindow(header(r), r.content)),
      };
      this.snapshotCache = { json: JSON.stringify(value), value };
    }
    return this.snapshotCache;
  }

  /** P-TOOL-2: only operable windows' available actions, plus uncollapsed apps' actions. */
  private rebuildTools(): boolean {
    // Compare per-window keys: unchanged windows keep the same key string, so this stays cheap
    // with thousands of windows (no joined signature of every descriptor).
    const keys = new Map<string, string>();
    for (const winId of this.operability.operableWindowIds) keys.set(winId, (this.records.get(winId) as WindowRecord).toolsKey);
    for (const { prepared } of this.appTools) keys.set(prepared.toolName, JSON.stringify(prepared.descriptor));
    const changed = keys.size !== this.toolKeys.size || [...keys].some(([id, key]) => this.toolKeys.get(id) !== key);
    this.toolKeys = keys;
    const table = new Map<string, ToolTarget>();
    for (const winId of this.operability.operableWindowIds) {
      for (const prepared of (this.records.get(winId) as WindowRecord).actions.values()) {
        table.set(prepared.toolName, { kind: 'window', winId, prepared });
      }
    }
    for (const { appKey, prepared } of this.appTools) table.set(prepared.toolName, { kind: 'app', appKey, prepared });
    this.toolTable = table;
    if (changed || this.toolList.length !== table.size) this.toolList = [...table.values()].map((t) => t.prepared.descriptor);
    return changed;
  }
}

function header(r: WindowRecord) {
  return { id: r.winId, title: r.facts.title, modal: r.facts.modal, ownerId: r.facts.ownerId, version: r.version };
}

function headerKey(r: WindowRecord): string {
  return `${r.facts.title}\u0000${r.facts.modal}\u0000${r.facts.ownerId}`;
}
