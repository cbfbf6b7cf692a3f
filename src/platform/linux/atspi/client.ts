/**
 * Typed AT-SPI calls on accessible objects. Calls to an application go over its direct
 * peer-to-peer socket when the toolkit offers one (GTK3's atk-bridge: `GetApplicationBusAddress`;
 * measured 198 ms vs 275 ms for gedit's 1007-node tree), else over the bus; both pipeline, a
 * bounded number of calls per application at a time (callGate.ts).
 */
import { CallGate } from './callGate.js';
import type { AtspiConnection } from './connection.js';
import { DbusLink } from './dbusLink.js';
import { COORD, IFACE, ROOT_PATH } from './names.js';
import { fromWire, type ObjRef } from './refs.js';
import { stateNames } from './vocabulary.js';

export interface ClientOptions {
  /** Use applications' peer-to-peer sockets when offered (default true). */
  peerToPeer?: boolean;
  /** Calls in flight to one application at most (callGate.ts); default MAX_CALLS_IN_FLIGHT. */
  maxInFlight?: number;
}

/**
 * Enough to hide the round trip (an application answers one call at a time; measured in
 * bench/linux-atspi.ts), few enough that a whole window's read never queues thousands of calls.
 */
export const MAX_CALLS_IN_FLIGHT = 32;

export class AtspiClient {
  private readonly peers = new Map<string, Promise<DbusLink | null>>();
  /** The link each application's calls go over, once known (its peer socket or the bus). */
  private readonly settled = new Map<string, DbusLink>();
  private peerBus: DbusLink | null = null;
  /** Each application's peer-to-peer address, once offered. */
  private readonly peerAddresses = new Map<string, string>();
  /** Calls made so far (benchmarks report calls per tree). */
  callCount = 0;
  /** Calls by method ("Accessible.GetRole", "Properties.Get Text.CharacterCount") while a benchmark sets it. */
  tally: Map<string, number> | null = null;
  /** When each object's state was last asked for (Infinity while the question is open). */
  readonly stateQueries = new Map<string, number>();
  /** Calls waiting for their turn per application (callGate.ts). */
  readonly gate: CallGate;

  constructor(
    readonly connection: AtspiConnection,
    private readonly options: ClientOptions = {},
  ) {
    this.gate = new CallGate(options.maxInFlight ?? MAX_CALLS_IN_FLIGHT, isTimeout);
  }

  /** One method call on an accessible object. Resolves to the reply body. */
  call(ref: ObjRef, iface: string, member: string, signature = '', body: unknown[] = [], timeoutMs?: number): Promise<unknown[]> {
    this.callCount++;
    if (this.tally) countCall(this.tally, iface, member, body);
    const message = { destination: ref.bus, path: ref.path, interface: iface, member, signature, body };
    // Fast path (most calls of a walk): the socket for this application is already known.
    const reply = this.gate.run(ref.bus, () => {
      const known = this.settled.get(ref.bus);
      return known && !known.closed && this.peerBus && !this.peerBus.closed
        ? known.call(message, timeoutMs)
        : this.linkFor(ref.bus).then((link) => link.call(message, timeoutMs));
    });
    return this.onTimeout ? reply.catch((error: unknown) => this.timedOut(ref.bus, error)) : reply;
  }

  /** Told about every call an application left unanswered (responsiveness.ts). */
  onTimeout: ((bus: string) => void) | null = null;

  private timedOut(bus: string, error: unknown): never {
    if (isTimeout(error)) this.onTimeout?.(bus);
    throw error;
  }

  /**
   * A call that may block the connection it arrives on: GTK3's atk-bridge replies to DoAction
   * first, then runs the action inside the handler of that connection; an action that opens a
   * modal dialog with gtk_dialog_run() spins a nested main loop in which GLib does not dispatch
   * that connection's source again, so every later call on it waits until the dialog closes
   * (measured: Mousepad File › Save As). Over a peer socket the call goes on a connection of its
   * own, closed after the reply; our reads keep their socket.
   */
  async callIsolated(ref: ObjRef, iface: string, member: string, signature = '', body: unknown[] = []): Promise<unknown[]> {
    await this.linkFor(ref.bus).catch(() => undefined);
    const address = this.peerAddresses.get(ref.bus);
    if (!address) return this.call(ref, iface, member, signature, body);
    this.callCount++;
    const link = await DbusLink.open(address, { hello: false, timeoutMs: this.connection.callTimeoutMs });
    try {
      return await link.call({ destination: ref.bus, path: ref.path, interface: iface, member, signature, body });
    } finally {
      link.close();
    }
  }

  async property(ref: ObjRef, iface: string, name: string): Promise<unknown> {
    const [variant] = await this.call(ref, IFACE.properties, 'Get', 'ss', [iface, name]);
    return unwrap(variant);
  }

  async properties(ref: ObjRef, iface: string): Promise<Record<string, unknown>> {
    const [map] = await this.call(ref, IFACE.properties, 'GetAll', 's', [iface]);
    const out: Record<string, unknown> = {};
    if (map && typeof map === 'object') for (const [key, value] of Object.entries(map)) out[key] = unwrap(value);
    return out;
  }

  async role(ref: ObjRef): Promise<number> {
    const [role] = await this.call(ref, IFACE.accessible, 'GetRole');
    return Number(role);
  }

  async states(ref: ObjRef): Promise<string[]> {
    const [words] = await this.askingStates(ref.bus + ref.path, () => this.call(ref, IFACE.accessible, 'GetState'));
    return stateNames(Array.isArray(words) ? words.map(Number) : []);
  }

  /**
   * Runs a call that makes the toolkit compute states: of one object (key = its ref) or of a
   * whole application (key = its bus name, e.g. Cache.GetItems). State events meanwhile are
   * echoes of the question (echo.ts).
   */
  async askingStates<T>(key: string, run: () => Promise<T>): Promise<T> {
    this.stateQueries.set(key, Infinity);
    try {
      return await run();
    } finally {
      this.stateQueries.set(key, performance.now());
    }
  }

  async children(ref: ObjRef): Promise<ObjRef[]> {
    const [list] = await this.call(ref, IFACE.accessible, 'GetChildren');
    return toRefs(list);
  }

  async childAt(ref: ObjRef, index: number): Promise<ObjRef | null> {
    const [child] = await this.call(ref, IFACE.accessible, 'GetChildAtIndex', 'i', [index]);
    return fromWire(child);
  }

  async interfaces(ref: ObjRef): Promise<string[]> {
    const [list] = await this.call(ref, IFACE.accessible, 'GetInterfaces');
    return Array.isArray(list) ? list.map(String) : [];
  }

  async attributes(ref: ObjRef): Promise<Record<string, string>> {
    const [map] = await this.call(ref, IFACE.accessible, 'GetAttributes');
    return stringMap(map);
  }

  /** Applications whose toolkit has no screen coordinates (toolkitPolicy.ts `screenCoordinates`). */
  private readonly windowCoordinatesOnly = new Set<string>();

  /** Component calls to this application ask for window coordinates where screen ones are meant. */
  useWindowCoordinates(bus: string): void {
    this.windowCoordinatesOnly.add(bus);
  }

  /** Whether this application's positions are in window coordinates, even when screen ones are asked. */
  placesInWindow(bus: string): boolean {
    return this.windowCoordinatesOnly.has(bus);
  }

  /** The coordinate type to send to an application for `coordType`. */
  coordinates(bus: string, coordType: number): number {
    return coordType === COORD.screen && this.windowCoordinatesOnly.has(bus) ? COORD.window : coordType;
  }

  /** Extents in screen (0) or window (1) coordinates: [x, y, width, height]. */
  async extents(ref: ObjRef, coordType: number): Promise<[number, number, number, number]> {
    const [box] = await this.call(ref, IFACE.component, 'GetExtents', 'u', [this.coordinates(ref.bus, coordType)]);
    const [x, y, w, h] = Array.isArray(box) ? box.map(Number) : [];
    return [x ?? 0, y ?? 0, w ?? 0, h ?? 0];
  }

  /** The unix pid of an application's bus connection. */
  async pidOf(bus: string): Promise<number> {
    return this.connection.bus().unixPidOf(bus);
  }

  /** Forgets an application's peer socket (it quit, or its socket failed). */
  forgetPeer(bus: string): void {
    const peer = this.peers.get(bus);
    this.peers.delete(bus);
    this.settled.delete(bus);
    this.peerAddresses.delete(bus);
    void peer?.then((link) => link?.close());
  }

  close(): void {
    for (const bus of [...this.peers.keys()]) this.forgetPeer(bus);
  }

  private async linkFor(bus: string): Promise<DbusLink> {
    const main = this.connection.bus();
    if (this.peerBus !== main) {
      // A new accessibility bus: every peer socket belongs to the old session of the apps.
      this.close();
      this.peerBus = main;
    }
    let peer = this.peers.get(bus);
    if (!peer) {
      const forget = (): void => {
        if (this.peers.get(bus) !== opened) return;
        this.peers.delete(bus);
        this.settled.delete(bus);
      };
      const opened: Promise<DbusLink | null> = this.options.peerToPeer === false ? Promise.resolve(null) : this.openPeer(main, bus, forget);
      peer = opened;
      this.peers.set(bus, peer);
    }
    const link = (await peer) ?? main;
    if (this.peers.get(bus) === peer) this.settled.set(bus, link);
    return link;
  }

  private async openPeer(main: DbusLink, bus: string, onClose: () => void): Promise<DbusLink | null> {
    try {
      const call = { destination: bus, path: ROOT_PATH, interface: IFACE.application, member: 'GetApplicationBusAddress' };
      const [address] = await main.call(call, this.connection.callTimeoutMs);
      if (typeof address !== 'string' || address === '') return null;
      const link = await DbusLink.open(address, { hello: false, timeoutMs: this.connection.callTimeoutMs });
      link.on('close', onClose);
      this.peerAddresses.set(bus, address);
      return link;
    } catch {
      // GTK4 has no peer socket (UnknownMethod); any other failure: use the bus.
      return null;
    }
  }
}

const isTimeout = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'timeout';

function countCall(tally: Map<string, number>, iface: string, member: string, body: unknown[]): void {
  const short = (name: unknown) => String(name).replace('org.a11y.atspi.', '').replace('org.freedesktop.DBus.', '');
  const key =
    iface === IFACE.properties
      ? `${short(iface)}.${member} ${[short(body[0]), body[1]].filter((part) => part !== 'undefined' && part !== undefined).join('.')}`
      : `${short(iface)}.${member}`;
  tally.set(key, (tally.get(key) ?? 0) + 1);
}

/** dbus-next hands variants as { signature, value }. */
export function unwrap(value: unknown): unknown {
  if (value && typeof value === 'object' && 'signature' in value && 'value' in value) return (value as { value: unknown }).value;
  return value;
}

export function toRefs(list: unknown): ObjRef[] {
  if (!Array.isArray(list)) return [];
  return list.map(fromWire).filter((ref): ref is ObjRef => ref !== null);
}

export function stringMap(map: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (map && typeof map === 'object') for (const [key, value] of Object.entries(map)) out[key] = String(unwrap(value));
  return out;
}
