/**
 * A minimal Wayland wire client over the compositor's unix socket, in plain JS: enough for
 * protocols that pass no file descriptors (registry, foreign-toplevel lists, seat binding).
 * Wire format: object id (u32), size << 16 | opcode (u32), then 32-bit-aligned arguments
 * (strings and arrays carry a u32 length and pad to 4 bytes). Everything is little-endian on
 * the machines we run on (the protocol uses host order).
 */
import { createConnection, type Socket } from 'node:net';

export type EventHandler = (opcode: number, args: WireReader) => void;

export class WireReader {
  private offset = 0;
  constructor(private readonly data: Buffer) {}
  uint(): number {
    const value = this.data.readUInt32LE(this.offset);
    this.offset += 4;
    return value;
  }
  int(): number {
    const value = this.data.readInt32LE(this.offset);
    this.offset += 4;
    return value;
  }
  /** A string argument (null → ''). */
  string(): string {
    const length = this.uint();
    const text = length === 0 ? '' : this.data.toString('utf8', this.offset, this.offset + length - 1);
    this.offset += pad4(length);
    return text;
  }
  array(): Buffer {
    const length = this.uint();
    const bytes = this.data.subarray(this.offset, this.offset + length);
    this.offset += pad4(length);
    return bytes;
  }
}

const pad4 = (n: number) => (n + 3) & ~3;

export function encodeUint(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value >>> 0);
  return buffer;
}

export function encodeString(text: string): Buffer {
  const bytes = Buffer.from(`${text}\0`, 'utf8');
  const buffer = Buffer.alloc(4 + pad4(bytes.length));
  buffer.writeUInt32LE(bytes.length);
  bytes.copy(buffer, 4);
  return buffer;
}

export class WaylandWire {
  private nextId = 2;
  private buffer = Buffer.alloc(0);
  private readonly handlers = new Map<number, EventHandler>();
  private closedReason: string | null = null;
  private readonly closeListeners: Array<(reason: string) => void> = [];

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (error) => this.onClose(error.message));
    socket.on('close', () => this.onClose('the compositor closed the connection'));
  }

  static connect(path: string): Promise<WaylandWire> {
    return new Promise((resolve, reject) => {
      const socket = createConnection(path);
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.off('error', reject);
        socket.unref();
        resolve(new WaylandWire(socket));
      });
    });
  }

  get closed(): string | null {
    return this.closedReason;
  }

  newId(handler: EventHandler): number {
    const id = this.nextId++;
    this.handlers.set(id, handler);
    return id;
  }

  on(id: number, handler: EventHandler): void {
    this.handlers.set(id, handler);
  }

  forget(id: number): void {
    this.handlers.delete(id);
  }

  onClosed(listener: (reason: string) => void): void {
    this.closeListeners.push(listener);
  }

  send(objectId: number, opcode: number, ...args: Buffer[]): void {
    if (this.closedReason) throw new Error(`Wayland connection closed: ${this.closedReason}`);
    const body = Buffer.concat(args);
    const header = Buffer.alloc(8);
    header.writeUInt32LE(objectId);
    header.writeUInt32LE(((body.length + 8) << 16) | opcode, 4);
    this.socket.write(Buffer.concat([header, body]));
  }

  /** wl_display.sync: resolves once the compositor has processed everything sent before. */
  roundtrip(timeoutMs = 3000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the compositor did not answer wl_display.sync')), timeoutMs);
      const callback = this.newId(() => {
        clearTimeout(timer);
        this.forget(callback);
        resolve();
      });
      this.send(1, 0, encodeUint(callback));
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    while (this.buffer.length >= 8) {
      const objectId = this.buffer.readUInt32LE(0);
      const word = this.buffer.readUInt32LE(4);
      const size = word >>> 16;
      if (size < 8 || this.buffer.length < size) return;
      const payload = this.buffer.subarray(8, size);
      this.buffer = this.buffer.subarray(size);
      if (objectId === 1 && (word & 0xffff) === 0) {
        const reader = new WireReader(payload);
        reader.uint();
        const code = reader.uint();
        this.onClose(`protocol error ${code}: ${reader.string()}`);
        return;
      }
      this.handlers.get(objectId)?.(word & 0xffff, new WireReader(payload));
    }
  }

  private onClose(reason: string): void {
    if (this.closedReason) return;
    this.closedReason = reason;
    this.socket.destroy();
    for (const listener of this.closeListeners) listener(reason);
  }
}

/** A global the compositor advertises: its registry name, interface and version. */
export interface WaylandGlobal {
  name: number;
  iface: string;
  version: number;
}

/** The compositor's wl_registry on one connection: its globals, read once, and binding them. */
export class WaylandRegistry {
  private constructor(
    private readonly wire: WaylandWire,
    private readonly id: number,
    readonly globals: WaylandGlobal[],
  ) {}

  static async read(wire: WaylandWire): Promise<WaylandRegistry> {
    const globals: WaylandGlobal[] = [];
    const id = wire.newId((opcode, args) => {
      if (opcode === 0) globals.push({ name: args.uint(), iface: args.string(), version: args.uint() });
    });
    wire.send(1, 1, encodeUint(id));
    await wire.roundtrip();
    return new WaylandRegistry(wire, id, globals);
  }

  find(iface: string): WaylandGlobal | undefined {
    return this.globals.find((g) => g.iface === iface);
  }

  /** wl_registry.bind: a new object for `global` at `version`; its events go to `handler`. */
  bind(global: WaylandGlobal, version: number, handler: EventHandler = () => undefined): number {
    const id = this.wire.newId(handler);
    this.wire.send(this.id, 0, encodeUint(global.name), encodeString(global.iface), encodeUint(version), encodeUint(id));
    return id;
  }
}
