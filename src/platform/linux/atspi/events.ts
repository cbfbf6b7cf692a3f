/**
 * The AT-SPI change feed: registers our interest with the registry (again after every
 * reconnect), listens for event signals and maps each to the top-level window accessible it
 * belongs to, so only affected windows are re-read. Bursts (600–880 signals when a file chooser
 * opens) are coalesced into one change per flush.
 */
import { EventEmitter } from 'node:events';
import type { AtspiClient } from './client.js';
import { addMatch, type AtspiConnection, type Health } from './connection.js';
import type { DbusLink, DbusSignal } from './dbusLink.js';
import { decodeSignal, EVENT_INTERFACES, WATCHED_EVENTS, type DecodedEvent } from './eventDecode.js';
import { busDaemonCall, IFACE, REGISTRY_NAME, REGISTRY_PATH, ROOT_PATH } from './names.js';
import { formatRef } from './refs.js';
import { TopLevelIndex } from './topLevels.js';
import { claimOf, StateEcho } from './echo.js';
import { scopeOf, Touches } from './touches.js';
import { FocusedObjects } from './focusedEditors.js';
import { ChangeCauses } from './changeCauses.js';

export type AtspiChange =
  /** Applications appeared on or left the desktop. */
  | { kind: 'apps' }
  /** Top-level accessibles appeared, went, or changed their window-level state or name. */
  | { kind: 'windows' }
  /** The content of these top-level accessibles (refs) changed; `causes`: what said so, per ref (changeCauses.ts). */
  | { kind: 'content'; topLevels: string[]; causes: Record<string, string[]> }
  | { kind: 'health'; ok: boolean; message: string };

/** One event as received, for diagnostics and latency measurement. */
export interface AtspiEventRecord {
  type: string;
  source: string;
  topLevel: string | null;
  /** performance.now() when the signal arrived. */
  receivedAt: number;
  /** Ancestors of a source not seen before, walked to find its window (topLevels.ts `locate`). */
  ancestors?: string[];
}

/** State changes of a top-level that are window-level facts (activity, modality, visibility). */
const WINDOW_STATES = new Set(['active', 'modal', 'showing', 'visible', 'iconified', 'defunct']);

type Events = { change: [AtspiChange]; event: [AtspiEventRecord] };

export class AtspiEvents extends EventEmitter<Events> {
  readonly topLevels: TopLevelIndex;
  /** What tree reads saw, to drop events that only repeat it (see echo.ts). */
  readonly echo: StateEcho;
  /** What each top-level's events were about since its last read (incremental.ts). */
  readonly touches = new Touches();
  /** Each top-level's focused object: a focused editor the tree walk does not reach is read by it (focusedEditors.ts). */
  readonly focused = new FocusedObjects();
  private readonly dirty = new Set<string>();
  private readonly causes = new ChangeCauses();
  private flags = { apps: false, windows: false };
  private flushTimer: NodeJS.Timeout | null = null;
  private registryOwner: string | null = null;
  private readonly onReady = (link: DbusLink): void => void this.register(link);
  private readonly onSignal = (signal: DbusSignal): void => this.handle(signal);
  private readonly onHealth = (health: Health): void => void this.emit('change', { kind: 'health', ...health });

  constructor(
    private readonly connection: AtspiConnection,
    client: AtspiClient,
    /** A text change's events (text-changed, caret moved) arrive together: coalesce them, no more. */
    private readonly flushMs = 1,
    /** Whether an application's visible-data news is followed (see `isVisibleDataNews`). */
    private readonly followsVisibleData: (bus: string) => Promise<boolean> = () => Promise.resolve(true),
  ) {
    super();
    this.topLevels = new TopLevelIndex(client);
    this.echo = new StateEcho(client.stateQueries);
  }

  /** Starts listening; registration happens now if the bus is up, else when it comes (back). */
  async start(): Promise<void> {
    this.connection.on('ready', this.onReady);
    this.connection.on('signal', this.onSignal);
    this.connection.on('health', this.onHealth);
    if (this.connection.healthy) await this.register(this.connection.bus());
  }

  async close(): Promise<void> {
    this.connection.off('ready', this.onReady);
    this.connection.off('signal', this.onSignal);
    this.connection.off('health', this.onHealth);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    if (!this.connection.healthy) return;
    const link = this.connection.bus();
    await Promise.all(WATCHED_EVENTS.map((event) => registryCall(link, 'DeregisterEvent', 's', [event]).catch(() => undefined)));
  }

  private async register(link: DbusLink): Promise<void> {
    try {
      await Promise.all(EVENT_INTERFACES.map((iface) => link.call(addMatch(`type='signal',interface='${iface}'`))));
      const [owner] = await link.call(busDaemonCall('GetNameOwner', 's', [REGISTRY_NAME]));
      this.registryOwner = typeof owner === 'string' ? owner : null;
      // at-spi2-core ≥ 2.46 takes (event, properties, app bus name); older registries only the event.
      await Promise.all(
        WATCHED_EVENTS.map((event) =>
          registryCall(link, 'RegisterEvent', 'sass', [event, [], '']).catch(() => registryCall(link, 'RegisterEvent', 's', [event])),
        ),
      );
      this.markApps(); // whatever happened while we were not listening
    } catch {
      // The bus went away meanwhile: the connection reports it and calls us again when it is back.
    }
  }

  private handle(signal: DbusSignal): void {
    const event = decodeSignal(signal);
    if (!event) return;
    const verdict = this.echo.classify(event);
    if (verdict === 'echo') return;
    const receivedAt = performance.now();
    if (event.source.path === ROOT_PATH && event.member === 'children-changed') {
      this.rootChildrenChanged(event);
      return;
    }
    if (event.category === 'window') this.markWindows();
    if (event.child && event.detail.startsWith('add')) this.topLevels.noteChild(event.source, event.child);
    const dying = event.member === 'state-changed' && event.detail === 'defunct' && event.detail1 === 1;
    const lookup = isVisibleDataNews(event)
      ? this.followsVisibleData(event.source.bus).then((follows) => (follows ? { top: this.topLevels.knownTopLevelOf(event.source), walked: [] } : NO_TOP))
      : dying
        ? Promise.resolve({ top: this.topLevels.knownTopLevelOf(event.source), walked: [] })
        : this.topLevels.locate(event.source);
    void lookup.then(({ top, walked }) => {
      if (dying) this.topLevels.forget(event.source);
      if (dying && top === formatRef(event.source)) this.topLevels.forgetTop(top);
      if (dying) this.focused.forgetObject(formatRef(event.source));
      this.emit('event', { type: event.type, source: formatRef(event.source), topLevel: top, receivedAt, ...(walked.length > 0 ? { ancestors: walked } : {}) });
      if (!top) return;
      if (event.member === 'state-changed' && event.detail === 'focused') this.focused.note(top, formatRef(event.source), event.detail1 === 1);
      this.touches.add(top, formatRef(event.source), scopeOf(event), verdict === 'doubt' ? claimOf(event) : undefined);
      if (top === formatRef(event.source) && isWindowLevel(event)) this.markWindows();
      this.markContent(top, `${event.type} ${formatRef(event.source)}`);
    });
  }

  /** The desktop root (registry) lists applications; an application root lists its top-levels. */
  private rootChildrenChanged(event: DecodedEvent): void {
    if (event.source.bus === this.registryOwner || event.source.bus === REGISTRY_NAME) {
      if (event.child && event.detail.startsWith('remove')) this.topLevels.forgetApp(event.child.bus);
      this.markApps();
      return;
    }
    if (event.child && event.detail.startsWith('remove')) this.topLevels.forgetTop(formatRef(event.child));
    else if (event.child) this.topLevels.noteChild(event.source, event.child);
    this.markWindows();
    this.emit('event', { type: event.type, source: formatRef(event.source), topLevel: null, receivedAt: performance.now() });
  }

  private markApps(): void {
    this.flags.apps = true;
    this.flags.windows = true;
    this.scheduleFlush();
  }

  private markWindows(): void {
    this.flags.windows = true;
    this.scheduleFlush();
  }

  /** Has `top` read in full (not incrementally) on its next read, and that read happen soon. */
  requestFullRead(top: string): void {
    this.touches.addAll(top);
    this.markContent(top, 'full read asked');
  }

  private markContent(top: string, cause: string): void {
    this.dirty.add(top);
    this.causes.add(top, cause);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    this.flushTimer ??= setTimeout(() => this.flush(), this.flushMs);
  }

  private flush(): void {
    this.flushTimer = null;
    const { apps, windows } = this.flags;
    this.flags = { apps: false, windows: false };
    const tops = [...this.dirty];
    this.dirty.clear();
    if (apps) this.emit('change', { kind: 'apps' });
    if (windows) this.emit('change', { kind: 'windows' });
    const causes = this.causes.take();
    if (tops.length > 0) this.emit('change', { kind: 'content', topLevels: tops, causes });
  }
}

const NO_TOP = { top: null, walked: [] };

/**
 * Visible-data news is followed only where a toolkit announces new text with it alone (Java
 * Swing: `JLabel.setText`), and only for an object a read found. GTK 3's tree views send it while
 * a file chooser lists its folder: followed, gedit's dialogs read as changing whenever they were
 * read, and their questions were not seen in time. Java's cell and header renderers
 * (shared components outside the tree, no parent) send it by the thousand while a table is read
 * (1404 for JabRef's header renderer in one pyatspi dump): walking up from each would only ask
 * the application again.
 */
function isVisibleDataNews(event: DecodedEvent): boolean {
  return event.member === 'visible-data-changed';
}

function isWindowLevel(event: DecodedEvent): boolean {
  if (event.member === 'state-changed') return WINDOW_STATES.has(event.detail);
  return event.member === 'property-change' && event.detail === 'accessible-name';
}

function registryCall(link: DbusLink, member: string, signature: string, body: unknown[]): Promise<unknown[]> {
  return link.call({ destination: REGISTRY_NAME, path: REGISTRY_PATH, interface: IFACE.registry, member, signature, body });
}
