/**
 * A pointer for clicks on Wayland, where there is no XTEST: the compositor's virtual pointer
 * (wlroots: zwlr_virtual_pointer_manager_v1), spoken by our plain-JS wire client (the protocol
 * passes no file descriptors). One pointer is held for the probe's life: on a headless seat the
 * pointer capability comes and goes with the device, and a client that has not bound its
 * wl_pointer yet would miss the first click (as it missed keys: docs/wayland.md, Input).
 * Positions are absolute in the compositor's output layout (`layout`, from sway IPC).
 */
import type { Box } from './swayIpc.js';
import { encodeUint, WaylandRegistry, WaylandWire } from './wire.js';

const MANAGER = 'zwlr_virtual_pointer_manager_v1';
/** zwlr_virtual_pointer_v1 requests. */
const REQUEST = { motionAbsolute: 1, button: 2, frame: 4, destroy: 8 } as const;
/** Linux input event code of the left button (BTN_LEFT). */
const BTN_LEFT = 0x110;
const PRESSED = 1;
const RELEASED = 0;

/** Where a layout point falls on the protocol's absolute axes (extent = the layout's size). */
export function absoluteMotion(point: { x: number; y: number }, layout: Box): { x: number; y: number; xExtent: number; yExtent: number } {
  const inside = point.x >= layout.x && point.x < layout.x + layout.width && point.y >= layout.y && point.y < layout.y + layout.height;
  if (!inside) throw new Error(`the point ${point.x},${point.y} is outside the screen (${layout.width}×${layout.height} at ${layout.x},${layout.y})`);
  return { x: point.x - layout.x, y: point.y - layout.y, xExtent: layout.width, yExtent: layout.height };
}

export class VirtualPointer {
  private constructor(
    private readonly wire: WaylandWire,
    private readonly pointer: number,
  ) {}

  /** A pointer when the compositor offers the protocol; else null. */
  static async open(socketPath: string): Promise<VirtualPointer | null> {
    const wire = await WaylandWire.connect(socketPath);
    const registry = await WaylandRegistry.read(wire);
    const manager = registry.find(MANAGER);
    if (!manager) {
      wire.close();
      return null;
    }
    const managerId = registry.bind(manager, 1);
    const pointer = wire.newId(() => undefined);
    // A null seat: the compositor's default seat.
    wire.send(managerId, 0, encodeUint(0), encodeUint(pointer));
    await wire.roundtrip();
    return new VirtualPointer(wire, pointer);
  }

  /** Moves the pointer to a point of the output layout, no button pressed. */
  async move(point: { x: number; y: number }, layout: Box): Promise<void> {
    const motion = absoluteMotion(point, layout);
    this.send(REQUEST.motionAbsolute, motion.x, motion.y, motion.xExtent, motion.yExtent);
    await this.wire.roundtrip();
  }

  /**
   * A left click at a point of the output layout, as one move, then `count` presses and releases
   * sent together (a double-click must come within the toolkit's double-click time).
   */
  async click(point: { x: number; y: number }, layout: Box, count = 1): Promise<void> {
    // The move is committed before the press, so the press lands on the surface under the point.
    await this.move(point, layout);
    for (let i = 0; i < count; i++) {
      this.send(REQUEST.button, BTN_LEFT, PRESSED);
      this.send(REQUEST.button, BTN_LEFT, RELEASED);
    }
    await this.wire.roundtrip();
  }

  close(): void {
    if (this.wire.closed === null) this.wire.send(this.pointer, REQUEST.destroy);
    this.wire.close();
  }

  /** One event with the time in milliseconds, then `frame` (events of one frame belong together). */
  private send(opcode: number, ...args: number[]): void {
    const time = Math.floor(performance.now()) >>> 0;
    this.wire.send(this.pointer, opcode, encodeUint(time), ...args.map(encodeUint));
    this.wire.send(this.pointer, REQUEST.frame);
  }
}
