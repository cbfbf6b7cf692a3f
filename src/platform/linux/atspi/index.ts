/**
 * The AT-SPI half of the Linux probe: one object owning the accessibility bus connection and
 * offering applications, window trees, the AT-SPI primitives and the change feed. The X11 half
 * and window ↔ accessible matching live beside it; LinuxProbe composes both.
 */
import type { TreeBudget, WindowTree } from '../../probe.js';
import { listApplications, type AtspiApplication } from './apps.js';
import { AtspiClient, type ClientOptions } from './client.js';
import { AtspiConnection, type AtspiConnectionOptions, type Health } from './connection.js';
import { wrapError } from './errors.js';
import { AtspiEvents } from './events.js';
import { KeptSubtrees } from './keptSubtrees.js';
import { AtspiPrimitives } from './primitives.js';
import { parseRef } from './refs.js';
import { Responsiveness } from './responsiveness.js';
import { ToolkitCache } from './toolkits.js';
import { isJava, policyFor } from './toolkitPolicy.js';
import { type TreeReadOptions } from './treeReader.js';
import { IncrementalTrees, type IncrementalStats } from './incremental.js';
import { graftFocusedEditor } from './focusedEditors.js';
import { markStalePlaces } from './stalePlaces.js';
import { markLazyViews, ScrollValues } from './lazyViews.js';
import { ScrollWatch } from './scrollWatch.js';

export type { AtspiApplication, AtspiTopLevel } from './apps.js';
export type { AtspiChange, AtspiEventRecord } from './events.js';
export type { Health } from './connection.js';
export { AtspiError, type AtspiErrorCode } from './errors.js';
export { AtspiConnection } from './connection.js';
export { AtspiClient } from './client.js';
export { AtspiEvents } from './events.js';
export { AtspiPrimitives } from './primitives.js';
export { parseRowRef } from './tables.js';
export type { IncrementalStats } from './incremental.js';

export interface AtspiAccessOptions extends AtspiConnectionOptions, ClientOptions {
  /** Per-application deadline when listing applications. */
  listDeadlineMs?: number;
  /** Tree reading options (text length, bounds, cache hints). */
  tree?: Omit<TreeReadOptions, 'toolkit' | 'appLabel'>;
  /** Coalescing window of the change feed. */
  eventFlushMs?: number;
}

/** How long a toolkit may take to move the keyboard focus it was asked to move (Swing: its event thread). */
const FOCUS_MOVE_MS = 2000;

/** Only Java announces new text by visible-data news alone; other toolkits send it as they are read. */
const announcesByVisibleData = isJava;

export class AtspiAccess {
  readonly client: AtspiClient;
  readonly primitives: AtspiPrimitives;
  readonly events: AtspiEvents;
  private readonly toolkits: ToolkitCache;
  /** Applications that stopped answering; `onBack` hears when one answers again. */
  readonly responsiveness: Responsiveness;
  private responsivenessListeners: Array<(bus: string, responding: boolean) => void> = [];
  /** Each window's last tree, for re-reading only what events touched (incremental.ts). */
  private readonly trees: IncrementalTrees;
  /** Unseen subtrees kept between reads where the toolkit allows it (keptSubtrees.ts). */
  private readonly keptSubtrees = new KeptSubtrees();
  /** GTK 4 views' scroll bars, found once each (lazyViews.ts), and asked again as they scroll unannounced (scrollWatch.ts). */
  private readonly scrollValues: ScrollValues;
  private readonly scrollWatch: ScrollWatch;

  private constructor(
    readonly connection: AtspiConnection,
    private readonly options: AtspiAccessOptions,
  ) {
    this.client = new AtspiClient(connection, options);
    this.toolkits = new ToolkitCache(this.client);
    this.scrollValues = new ScrollValues(this.client);
    this.scrollWatch = new ScrollWatch(this.scrollValues, (top) => this.events.requestFullRead(top));
    this.responsiveness = new Responsiveness(this.client, (bus, responding) => this.responsivenessListeners.forEach((listener) => listener(bus, responding)));
    this.client.onTimeout = (bus) => this.responsiveness.markSilent(bus);
    this.primitives = new AtspiPrimitives(this.client, this.toolkits, {
      notResponding: (bus) => (this.responsiveness.isSilent(bus) ? this.responsiveness.describe(bus) : null),
    });
    const followsVisibleData = (bus: string) => this.toolkits.get(bus).then(announcesByVisibleData, () => false);
    this.events = new AtspiEvents(connection, this.client, options.eventFlushMs, followsVisibleData);
    this.trees = new IncrementalTrees(
      this.client,
      (top) => this.events.requestFullRead(top),
      (top) => this.events.touches.peek(top),
    );
    // Events may have been lost while the bus was away: no kept tree can be trusted after it.
    connection.on('health', () => {
      this.trees.clear();
      this.keptSubtrees.clear();
    });
    // A new object's event names no kept object; the ancestors walked to place it do.
    this.events.on('event', (event) => {
      this.keptSubtrees.noteEvent(event.source);
      for (const ref of event.ancestors ?? []) this.keptSubtrees.noteEvent(ref);
    });
  }

  /** Connects (or keeps trying in the background: see `health`) and starts the change feed. */
  static async open(options: AtspiAccessOptions = {}): Promise<AtspiAccess> {
    const access = new AtspiAccess(new AtspiConnection(options), options);
    await access.connection.start();
    await access.events.start();
    return access;
  }

  get health(): Health {
    return this.connection.status;
  }

  /** `known`: the last listing, for applications that do not answer in time (apps.ts). */
  listApplications(known?: ReadonlyMap<string, AtspiApplication>): Promise<AtspiApplication[]> {
    return listApplications(this.client, this.options.listDeadlineMs ?? 2000, known, this.responsiveness);
  }

  /**
   * Replaces a text node's text. Where the toolkit commits text only on losing the focus
   * (`textCommitsOnFocusLoss`), the node takes the focus first, as a person's click gives it, and
   * hands it to `focusAfter` once the text is in; `'committed'` says the node did lose it then.
   */
  async setText(ref: string, text: string, focusAfter?: string): Promise<void | 'committed'> {
    const policy = policyFor(await this.toolkits.get(parseRef(ref).bus).catch(() => undefined));
    if (!policy.textCommitsOnFocusLoss || focusAfter === undefined || focusAfter === ref) return this.primitives.setText(ref, text);
    // Swing moves the focus later, on its own thread: each move is awaited, or the second request
    // could overtake the first and the node would never have held the focus it is to lose.
    const took = await this.focusOn(ref);
    await this.primitives.setText(ref, text);
    // The object given the focus may pass it to a child of its own (a table to its cell): the
    // node losing it is what counts.
    const asked =
      took &&
      (await this.primitives.focus(focusAfter).then(
        () => true,
        () => false,
      ));
    if (asked && (await this.focusIs(ref, false))) return 'committed';
  }

  /** Asks for the focus on a node and waits until it says it has it; says whether it did. */
  private async focusOn(ref: string): Promise<boolean> {
    return this.primitives.focus(ref).then(
      () => this.focusIs(ref, true),
      () => false,
    );
  }

  /** Waits (bounded) until the node says it has, or has not, the keyboard focus; says whether it did. */
  private async focusIs(ref: string, focused: boolean): Promise<boolean> {
    for (let waited = 0; waited <= FOCUS_MOVE_MS; waited += 50) {
      const states = await this.client.states(parseRef(ref)).catch(() => null);
      if (!states) return false;
      if (states.includes('focused') === focused) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  }

  /** Hears when an application stops answering, and when it answers again. */
  onResponsiveness(listener: (bus: string, responding: boolean) => void): void {
    this.responsivenessListeners.push(listener);
  }

  /**
   * The neutral tree under a top-level accessible (`AtspiTopLevel.ref`). `incremental`: re-read
   * only what the change feed saw touched since the last such read (the bridge's refreshes);
   * otherwise a full read.
   */
  async readTree(ref: string, budget: TreeBudget, appLabel?: string, incremental = false): Promise<WindowTree> {
    const root = parseRef(ref);
    const toolkit = await this.toolkits.get(root.bus).catch((err: unknown) => {
      throw wrapError(err, 'readTree', ref);
    });
    const touches = incremental ? this.events.touches.take(ref) : { all: true, refs: new Map() };
    const options = { ...this.options.tree, toolkit, appBus: root.bus, appLabel, keptSubtrees: this.keptSubtrees };
    const { tree, read } = await this.trees.read(ref, budget, touches, options);
    // Objects read are learnt only where their visible-data news is followed: it is what needs
    // them, and learning every node of every read would churn the index for nothing.
    const learns = announcesByVisibleData(toolkit);
    for (const part of read) {
      this.events.echo.remember(part);
      if (learns) this.events.topLevels.learn(ref, part);
    }
    const checked = await markStalePlaces(this.client, tree, toolkit);
    const { tree: placed, scrolls } = await markLazyViews(this.scrollValues, checked.tree, checked.screens);
    this.scrollWatch.watchViews(ref, scrolls);
    const focused = this.events.focused.of(ref);
    if (!focused) return placed;
    return graftFocusedEditor(this.client, placed, focused, budget, options, () => this.events.focused.forgetObject(focused));
  }

  /** Incremental read counters (benchmarks, tests). */
  get incrementalStats(): IncrementalStats {
    return { ...this.trees.stats };
  }

  /** Forgets the kept trees of windows that are gone. */
  retainTrees(refs: ReadonlySet<string>): void {
    this.trees.retain(refs);
    for (const top of this.scrollWatch.pending()) if (!refs.has(top)) this.scrollWatch.forget(top);
    this.events.touches.retain(refs);
    this.events.focused.retain(refs);
  }

  async close(): Promise<void> {
    this.trees.clear();
    this.scrollWatch.clear();
    this.responsiveness.close();
    await this.events.close().catch(() => undefined);
    this.client.close();
    await this.connection.close();
  }
}
