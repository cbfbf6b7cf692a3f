/**
 * What the change feed saw inside each top-level since its last read: the objects events were
 * about, and how much of the tree around each one may have changed. The incremental reader
 * (incremental.ts) re-reads only that; anything it cannot bound turns into a full read.
 */
import type { DecodedEvent } from './eventDecode.js';

/** `node`: the object's own facts (states, name, text); `subtree`: its children too. */
export type TouchScope = 'node' | 'subtree';

/**
 * These objects (refs) with their scope; `all` when only a full read will do (too many objects, or
 * a full read was asked for; `refs` then still lists what events came meanwhile, up to the limit).
 */
export interface TouchSet {
  all: boolean;
  refs: ReadonlyMap<string, TouchScope>;
  /**
   * Refs whose only news is state events in doubt (echo.ts), with what they claim ("showing=1"):
   * re-read when the last tree does not show a claim yet; no reason for a full read when the tree
   * does not have the object (one our reads never reach, echoing a question).
   */
  doubtful?: ReadonlyMap<string, ReadonlySet<string>>;
}

/** More distinct objects than this since the last read (a dialog being built): read it all. */
export const MAX_TOUCHES = 64;

/** Property changes that alter only the object's own facts; any other may move children. */
const OWN_PROPERTIES = new Set(['accessible-name', 'accessible-description', 'accessible-value', 'accessible-role', 'accessible-help-text']);

/** How far an event's effect can reach below its source. */
export function scopeOf(event: DecodedEvent): TouchScope {
  switch (event.member) {
    case 'text-changed':
    case 'text-caret-moved':
    case 'text-attributes-changed':
    case 'text-selection-changed':
    case 'state-changed':
    case 'visible-data-changed':
    case 'activate':
    case 'deactivate':
      return 'node';
    case 'property-change':
      return OWN_PROPERTIES.has(event.detail) ? 'node' : 'subtree';
    default:
      // children-changed, selection-changed (children's `selected`), window:create, anything new.
      return 'subtree';
  }
}

interface Entry {
  all: boolean;
  refs: Map<string, TouchScope>;
  doubtful: Map<string, Set<string>>;
}

export class Touches {
  private readonly byTop = new Map<string, Entry>();

  /** `doubtfulClaim`: the event may be an echo of our own question, claiming this (echo.ts). */
  add(top: string, ref: string, scope: TouchScope, doubtfulClaim?: string): void {
    const entry = this.entry(top);
    if (entry.refs.size > MAX_TOUCHES) return;
    if (doubtfulClaim === undefined) entry.doubtful.delete(ref);
    else if (!entry.refs.has(ref) || entry.doubtful.has(ref)) entry.doubtful.set(ref, (entry.doubtful.get(ref) ?? new Set()).add(doubtfulClaim));
    if (entry.refs.get(ref) !== 'subtree') entry.refs.set(ref, scope);
    if (entry.refs.size > MAX_TOUCHES) entry.all = true;
  }

  /** The next read of `top` must be a full one (a consistency check). */
  addAll(top: string): void {
    this.entry(top).all = true;
  }

  /** What happened since the last take; nothing when nothing did. */
  take(top: string): TouchSet {
    const entry = this.byTop.get(top);
    this.byTop.delete(top);
    return entry ?? { all: false, refs: new Map(), doubtful: new Map() };
  }

  /** What events about `top` said since its last take, without taking it. */
  peek(top: string): ReadonlyMap<string, TouchScope> {
    return this.byTop.get(top)?.refs ?? new Map();
  }

  /** Drops what was noted for other top-levels: they have no kept tree, their next read is full anyway. */
  retain(tops: ReadonlySet<string>): void {
    for (const top of [...this.byTop.keys()]) if (!tops.has(top)) this.byTop.delete(top);
  }

  private entry(top: string): Entry {
    let entry = this.byTop.get(top);
    if (!entry) {
      entry = { all: false, refs: new Map(), doubtful: new Map() };
      this.byTop.set(top, entry);
    }
    return entry;
  }
}
