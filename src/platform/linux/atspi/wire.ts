/**
 * A small, allocation-light D-Bus marshaller for the method calls we send (little endian).
 * dbus-next's general marshaller built each message from many small buffers: measured, it and
 * the garbage it made cost more CPU than the applications spent answering a tree walk.
 * Types: y b n q i u d s o g v, arrays, structs and dict entries (no 64-bit ints, no fds).
 */
import { alignmentOf, parseSignature, type SigNode } from './signature.js';

const HEADER = { path: 1, interface: 2, member: 3, errorName: 4, replySerial: 5, destination: 6, signature: 8 } as const;
const LITTLE_ENDIAN = 0x6c;
const METHOD_CALL = 1;
const ERROR = 3;
const NO_REPLY_EXPECTED = 1;

export interface ErrorReply {
  serial: number;
  replySerial: number;
  destination?: string;
  errorName: string;
  text: string;
}

export interface CallMessage {
  serial: number;
  path: string;
  interface: string;
  member: string;
  destination?: string;
  signature?: string;
  body?: unknown[];
  flags?: number;
}

/** A variant argument: an explicit signature and its value (dbus-next's Variant has the same shape). */
export interface VariantValue {
  signature: string;
  value: unknown;
}

/**
 * Accumulates messages for one write: many calls issued in the same tick go out as one buffer
 * (one syscall), encoded in place. D-Bus aligns relative to each message's own start.
 */
export class MessageWriter {
  buf: Buffer;
  pos = 0;
  /** Where the message being written starts (alignment is relative to it). */
  private start = 0;

  constructor(private readonly initialSize = 4096) {
    this.buf = Buffer.allocUnsafe(initialSize);
  }

  get empty(): boolean {
    return this.pos === 0;
  }

  /** Appends one method call. On a bad body nothing is appended and the error is thrown. */
  appendMethodCall(msg: CallMessage): void {
    this.appendCall(msg, msg.serial, msg.flags ?? 0);
  }

  /** The same, with serial and flags apart from the call (no copy of the call per message). */
  appendCall(call: Omit<CallMessage, 'serial' | 'flags'>, serial: number, flags: number): void {
    const signature = call.signature ?? '';
    const values = call.body ?? [];
    const types = this.begin(signature, values);
    try {
      this.header(METHOD_CALL, flags, serial);
      this.stringField(HEADER.path, 'o', call.path);
      this.stringField(HEADER.interface, 's', call.interface);
      this.stringField(HEADER.member, 's', call.member);
      if (call.destination) this.stringField(HEADER.destination, 's', call.destination);
      this.finish(signature, types, values);
    } catch (err) {
      this.pos = this.start; // nothing half-written stays in the batch
      throw err;
    }
  }

  /** Appends an error reply (to a call made to us). */
  appendError(reply: ErrorReply): void {
    const values = [reply.text];
    const types = this.begin('s', values);
    try {
      this.header(ERROR, NO_REPLY_EXPECTED, reply.serial);
      this.stringField(HEADER.errorName, 's', reply.errorName);
      this.align(8);
      this.u8(HEADER.replySerial);
      this.text('u', 1);
      this.u32(reply.replySerial);
      if (reply.destination) this.stringField(HEADER.destination, 's', reply.destination);
      this.finish('s', types, values);
    } catch (err) {
      this.pos = this.start;
      throw err;
    }
  }

  /** Hands the accumulated bytes over as their own buffer (the socket may keep it) and starts again. */
  take(): Buffer {
    const out = Buffer.allocUnsafe(this.pos);
    this.buf.copy(out, 0, 0, this.pos);
    this.pos = 0;
    if (this.buf.length > 16 * this.initialSize) this.buf = Buffer.allocUnsafe(this.initialSize); // one burst must not pin memory
    return out;
  }

  /** Checks the body against its signature and marks where the message starts. */
  private begin(signature: string, values: unknown[]): SigNode[] {
    const types = parseSignature(signature);
    if (types.length !== values.length) throw new TypeError(`signature "${signature}" needs ${types.length} values, got ${values.length}`);
    this.start = this.pos;
    return types;
  }

  /** Where the lengths to patch are, in the message being written. */
  private bodyLengthAt = 0;
  private fieldsLengthAt = 0;

  private header(type: number, flags: number, serial: number): void {
    this.u8(LITTLE_ENDIAN);
    this.u8(type);
    this.u8(flags);
    this.u8(1); // protocol version
    this.bodyLengthAt = this.pos;
    this.u32(0); // body length, patched in finish
    this.u32(serial);
    this.fieldsLengthAt = this.pos;
    this.u32(0); // header field array length, patched in finish
  }

  private stringField(code: number, type: 'o' | 's' | 'g', value: string): void {
    this.align(8);
    this.u8(code);
    this.text(type, 1);
    this.text(value, type === 'g' ? 1 : 4);
  }

  private finish(signature: string, types: SigNode[], values: unknown[]): void {
    if (signature) this.stringField(HEADER.signature, 'g', signature);
    const fieldsStart = this.fieldsLengthAt + 4; // 8-aligned (offset 16)
    this.buf.writeUInt32LE(this.pos - fieldsStart, this.fieldsLengthAt);
    this.align(8);
    const bodyStart = this.pos;
    for (let index = 0; index < types.length; index++) writeValue(this, types[index] as SigNode, values[index]);
    this.buf.writeUInt32LE(this.pos - bodyStart, this.bodyLengthAt);
  }

  ensure(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + bytes));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  align(to: number): void {
    const pad = (to - ((this.pos - this.start) % to)) % to;
    if (pad === 0) return;
    this.ensure(pad);
    this.buf.fill(0, this.pos, this.pos + pad);
    this.pos += pad;
  }

  u8(value: number): void {
    this.ensure(1);
    this.buf[this.pos++] = value & 0xff;
  }

  u32(value: number): void {
    this.align(4);
    this.ensure(4);
    this.buf.writeUInt32LE(value >>> 0, this.pos);
    this.pos += 4;
  }

  text(value: string, lengthBytes: 1 | 4): void {
    const length = Buffer.byteLength(value, 'utf8');
    if (lengthBytes === 1) this.u8(length);
    else this.u32(length);
    this.ensure(length + 1);
    this.pos += this.buf.write(value, this.pos, 'utf8');
    this.buf[this.pos++] = 0;
  }
}

/** One method call as its own buffer (tests and one-off calls). */
export function encodeMethodCall(msg: CallMessage): Buffer {
  const writer = new MessageWriter(256);
  writer.appendMethodCall(msg);
  return writer.take();
}

function writeValue(w: MessageWriter, type: SigNode, value: unknown): void {
  switch (type.code) {
    case 'y':
      return w.u8(Number(value));
    case 'b':
      return w.u32(value ? 1 : 0);
    case 'n':
    case 'q':
      return writeFixed(w, 2, (b, at) => (type.code === 'n' ? b.writeInt16LE(Number(value), at) : b.writeUInt16LE(Number(value), at)));
    case 'i':
      return writeFixed(w, 4, (b, at) => b.writeInt32LE(Number(value), at));
    case 'u':
      return w.u32(Number(value));
    case 'd':
      return writeFixed(w, 8, (b, at) => b.writeDoubleLE(Number(value), at));
    case 's':
    case 'o':
      return w.text(String(value), 4);
    case 'g':
      return w.text(String(value), 1);
    case 'v':
      return writeVariant(w, value);
    case 'a':
      return writeArray(w, type, value);
    case '(':
    case '{':
      return writeStruct(w, type, value);
    default:
      throw new TypeError(`cannot marshal D-Bus type "${type.code}"`);
  }
}

function writeFixed(w: MessageWriter, size: number, put: (buf: Buffer, at: number) => void): void {
  w.align(size);
  w.ensure(size);
  put(w.buf, w.pos);
  w.pos += size;
}

function writeVariant(w: MessageWriter, value: unknown): void {
  const variant = value as VariantValue;
  if (!variant || typeof variant.signature !== 'string') throw new TypeError('a variant needs { signature, value }');
  const [inner] = parseSignature(variant.signature);
  if (!inner) throw new TypeError('empty variant signature');
  w.text(variant.signature, 1);
  writeValue(w, inner, variant.value);
}

function writeArray(w: MessageWriter, type: SigNode, value: unknown): void {
  const element = type.children[0] as SigNode;
  const items = element.code === '{' && !Array.isArray(value) && value && typeof value === 'object' ? Object.entries(value) : value;
  if (!Array.isArray(items)) throw new TypeError('an array value must be an array');
  w.u32(0);
  const lengthAt = w.pos - 4;
  w.align(alignmentOf(element));
  const start = w.pos; // the length excludes the padding before the first element
  for (const item of items) writeValue(w, element, item);
  w.buf.writeUInt32LE(w.pos - start, lengthAt);
}

function writeStruct(w: MessageWriter, type: SigNode, value: unknown): void {
  if (!Array.isArray(value) || value.length !== type.children.length) throw new TypeError('a struct value must be an array of its fields');
  w.align(8);
  type.children.forEach((child, index) => writeValue(w, child, value[index]));
}
