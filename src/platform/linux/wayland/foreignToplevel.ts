/**
 * The compositor's list of top-level windows, where it publishes one:
 *   - wlroots (sway, labwc, river, Hyprland…): zwlr_foreign_toplevel_manager_v1 — title, app id,
 *     activated/maximized/minimized/fullscreen, parent (v3), and activate/close requests;
 *   - newer compositors: ext_foreign_toplevel_list_v1 — title, app id, identifier; read-only.
 *   - GNOME (mutter) publishes neither (docs/wayland.md).
 * No pids on Wayland: the probe pairs these with AT-SPI top-levels by title and app.
 */
import { EventEmitter } from 'node:events';
import { encodeUint, WaylandRegistry, WaylandWire, type WireReader } from './wire.js';

export interface ForeignToplevel {
  /** Our object id for the handle: stable while the window lives. */
  handle: number;
  title: string;
  appId: string;
  activated: boolean;
  minimized: boolean;
  fullscreen: boolean;
  /** Handle of the parent toplevel (wlr v3), or null. */
  parent: number | null;
  /** Order of appearance, for telling same-titled windows apart. */
  serial: number;
}

export type ToplevelProtocol = 'zwlr_foreign_toplevel_manager_v1' | 'ext_foreign_toplevel_list_v1';

const WLR = 'zwlr_foreign_toplevel_manager_v1';
const EXT = 'ext_foreign_toplevel_list_v1';
const WLR_STATE = { maximized: 0, minimized: 1, activated: 2, fullscreen: 3 } as const;

/** The interface names the compositor advertises (wl_registry globals). */
export async function readGlobals(socketPath: string): Promise<string[]> {
  const wire = await WaylandWire.connect(socketPath);
  try {
    return (await WaylandRegistry.read(wire)).globals.map((g) => g.iface);
  } finally {
    wire.close();
  }
}

export class ForeignToplevels {
  readonly events = new EventEmitter<{ change: [] }>();
  private readonly toplevels = new Map<number, ForeignToplevel>();
  private readonly pending = new Map<number, ForeignToplevel>();
  private serial = 0;

  private constructor(
    private readonly wire: WaylandWire,
    readonly protocol: ToplevelProtocol,
    private readonly seat: number | null,
  ) {}

  /** Connects and reads the current list; null when the compositor offers neither protocol. */
  static async open(socketPath: string): Promise<ForeignToplevels | null> {
    const wire = await WaylandWire.connect(socketPath);
    const registry = await WaylandRegistry.read(wire);
    const manager = registry.find(WLR) ?? registry.find(EXT);
    if (!manager) {
      wire.close();
      return null;
    }
    const seatGlobal = registry.find('wl_seat');
    const seat = seatGlobal && manager.iface === WLR ? registry.bind(seatGlobal, 1) : null;
    const list = new ForeignToplevels(wire, manager.iface as ToplevelProtocol, seat);
    registry.bind(manager, Math.min(manager.version, manager.iface === WLR ? 3 : 1), (opcode, args) => {
      if (opcode === 0) list.adopt(args.uint());
    });
    await wire.roundtrip();
    await wire.roundtrip();
    return list;
  }

  get connected(): boolean {
    return this.wire.closed === null;
  }

  list(): ForeignToplevel[] {
    return [...this.toplevels.values()].sort((a, b) => a.serial - b.serial);
  }

  /** Raises and focuses the window (wlr only; the seat is the compositor's first). */
  async activate(handle: number): Promise<void> {
    if (this.protocol !== WLR || this.seat === null) throw new Error(`the compositor's ${this.protocol} cannot activate windows`);
    this.wire.send(handle, 4, encodeUint(this.seat));
    await this.wire.roundtrip();
  }

  async close(handle: number): Promise<void> {
    if (this.protocol !== WLR) throw new Error(`the compositor's ${this.protocol} cannot close windows`);
    this.wire.send(handle, 5);
    await this.wire.roundtrip();
  }

  /** Waits until everything the compositor sent before now has been read. */
  sync(): Promise<void> {
    return this.wire.roundtrip();
  }

  stop(): void {
    this.events.removeAllListeners();
    this.wire.close();
  }

  private adopt(handle: number): void {
    const draft: ForeignToplevel = { handle, title: '', appId: '', activated: false, minimized: false, fullscreen: false, parent: null, serial: this.serial++ };
    this.pending.set(handle, draft);
    this.wire.on(handle, (opcode, args) => (this.protocol === WLR ? this.onWlr(handle, opcode, args) : this.onExt(handle, opcode, args)));
  }

  private draft(handle: number): ForeignToplevel | undefined {
    const current = this.pending.get(handle) ?? this.toplevels.get(handle);
    if (current && !this.pending.has(handle)) this.pending.set(handle, { ...current });
    return this.pending.get(handle);
  }

  private onWlr(handle: number, opcode: number, args: WireReader): void {
    const draft = this.draft(handle);
    if (!draft) return;
    if (opcode === 0) draft.title = args.string();
    else if (opcode === 1) draft.appId = args.string();
    else if (opcode === 4) {
      const bytes = args.array();
      const states = new Set<number>();
      for (let i = 0; i + 4 <= bytes.length; i += 4) states.add(bytes.readUInt32LE(i));
      draft.activated = states.has(WLR_STATE.activated);
      draft.minimized = states.has(WLR_STATE.minimized);
      draft.fullscreen = states.has(WLR_STATE.fullscreen);
    } else if (opcode === 5) this.commit(handle);
    else if (opcode === 6) this.drop(handle, 7);
    else if (opcode === 7) {
      const parent = args.uint();
      draft.parent = parent === 0 ? null : parent;
    }
  }

  private onExt(handle: number, opcode: number, args: WireReader): void {
    const draft = this.draft(handle);
    if (!draft) return;
    if (opcode === 0) this.drop(handle, 0);
    else if (opcode === 1) this.commit(handle);
    else if (opcode === 2) draft.title = args.string();
    else if (opcode === 3) draft.appId = args.string();
  }

  private commit(handle: number): void {
    const draft = this.pending.get(handle);
    if (!draft) return;
    this.pending.delete(handle);
    this.toplevels.set(handle, draft);
    this.events.emit('change');
  }

  /** The window closed: forget it and destroy our handle (opcode of `destroy` per protocol). */
  private drop(handle: number, destroyOpcode: number): void {
    this.pending.delete(handle);
    this.toplevels.delete(handle);
    this.wire.forget(handle);
    if (this.wire.closed === null) this.wire.send(handle, destroyOpcode);
    this.events.emit('change');
  }
}
