/**
 * Which top-level window accessible an object belongs to, so that an event marks only that
 * window dirty. Answers come from a cache filled by earlier walks and children-changed events;
 * unknown objects are resolved by walking `Parent` up to the application root.
 */
import type { A11yNode } from '../../probe.js';
import type { AtspiClient } from './client.js';
import { IFACE, NULL_PATH, ROOT_PATH } from './names.js';
import { formatRef, fromWire, type ObjRef } from './refs.js';

const MAX_ANCESTORS = 128;
/** Past this many entries the cache starts over (objects of closed windows never announce it). */
const MAX_ENTRIES = 50_000;

/** Where an object is: its top-level, and the ancestors walked to find it (none when it was known). */
export interface Location {
  top: string | null;
  /** The object's ancestors asked for, up to the first known one (included): a new object's place. */
  walked: string[];
}

const NOWHERE: Location = { top: null, walked: [] };

export class TopLevelIndex {
  private readonly topOf = new Map<string, string>();
  private readonly pending = new Map<string, Promise<Location>>();

  constructor(private readonly client: AtspiClient) {}

  /** The ref of the top-level accessible holding `ref`; null for an application root or a lost object. */
  async topLevelOf(ref: ObjRef): Promise<string | null> {
    return (await this.locate(ref)).top;
  }

  /**
   * The top-level holding `ref`, and for an object not seen before the ancestors walked: an event
   * about a new object inside a kept subtree names no kept object itself (keptSubtrees.ts).
   */
  locate(ref: ObjRef): Promise<Location> {
    if (ref.path === ROOT_PATH) return Promise.resolve(NOWHERE);
    const key = formatRef(ref);
    const known = this.topOf.get(key);
    if (known) return Promise.resolve({ top: known, walked: [] });
    let walk = this.pending.get(key);
    if (!walk) {
      walk = this.resolve(ref).finally(() => this.pending.delete(key));
      this.pending.set(key, walk);
    }
    return walk;
  }

  /** Only what is already known: for objects that are dying (defunct), asking would be wasted. */
  knownTopLevelOf(ref: ObjRef): string | null {
    return this.topOf.get(formatRef(ref)) ?? null;
  }

  /** A child announced by children-changed belongs to its parent's window. */
  noteChild(parent: ObjRef, child: ObjRef): void {
    const top = parent.path === ROOT_PATH ? formatRef(child) : this.topOf.get(formatRef(parent));
    if (top) this.remember(formatRef(child), top);
  }

  /**
   * Every object a read of `top` found belongs to it: news about one of them (a Swing label's
   * visible-data change) needs no walk up its parents.
   */
  learn(top: string, read: A11yNode): void {
    const stack = [read];
    while (stack.length > 0) {
      const node = stack.pop() as A11yNode;
      if (!node.ref.includes('#')) this.remember(node.ref, top); // rows made up by the reader are no objects
      stack.push(...node.children);
    }
  }

  forget(ref: ObjRef): void {
    this.topOf.delete(formatRef(ref));
  }

  /**
   * Forgets every object placed in a top-level that is gone: an app may put the same objects in
   * a new window (GNOME Calculator's preferences rows, reopened), and the cached answer would
   * name the closed one.
   */
  forgetTop(top: string): void {
    for (const [key, value] of this.topOf) if (value === top) this.topOf.delete(key);
  }

  /**
   * The top-level holding `ref` among those open now: a cached answer naming none of them is
   * about a closed window, so the parents are walked again.
   */
  async topLevelAmong(ref: ObjRef, open: (top: string) => boolean): Promise<string | null> {
    const cached = await this.topLevelOf(ref);
    if (cached && open(cached)) return cached;
    const now = await this.topLevelNow(ref);
    return now && open(now) ? now : null;
  }

  /** The top-level found by walking `Parent` now, whatever the cache says; the cache learns it. */
  private async topLevelNow(ref: ObjRef): Promise<string | null> {
    return (await this.resolve(ref, false)).top;
  }

  forgetApp(bus: string): void {
    for (const key of this.topOf.keys()) if (key.startsWith(`${bus}/`)) this.topOf.delete(key);
  }

  /** Walks `Parent` up to the application root; `cached`: stops at the first object the cache places. */
  private async resolve(ref: ObjRef, cached = true): Promise<Location> {
    const chain: string[] = [];
    let current = ref;
    for (let depth = 0; depth < MAX_ANCESTORS; depth++) {
      const key = formatRef(current);
      const known = cached ? this.topOf.get(key) : undefined;
      if (known) return { top: this.settle(chain, known), walked: [...chain.slice(1), key] };
      chain.push(key);
      const parent = await this.parentOf(current);
      if (!parent) return { top: null, walked: chain.slice(1) };
      if (parent.path === ROOT_PATH) return { top: this.settle(chain, key), walked: chain.slice(1) };
      current = parent;
    }
    return { top: null, walked: chain.slice(1) };
  }

  private async parentOf(ref: ObjRef): Promise<ObjRef | null> {
    try {
      const parent = fromWire(await this.client.property(ref, IFACE.accessible, 'Parent'));
      return parent && parent.path !== NULL_PATH && parent.bus !== '' ? parent : null;
    } catch {
      return null; // the object died while we asked
    }
  }

  private settle(chain: string[], top: string): string {
    for (const key of chain) this.remember(key, top);
    return top;
  }

  private remember(key: string, top: string): void {
    if (this.topOf.size >= MAX_ENTRIES) this.topOf.clear();
    this.topOf.set(key, top);
  }
}
