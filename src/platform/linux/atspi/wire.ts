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

type Field = [code: number, type: 'o' | 's' | 'g' | 'u', value: string | number];

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
    const fields: Field[] = [
      [HEADER.path, 'o', msg.path],
      [HEADER.interface, 's', msg.interface],
      [HEADER.member, 's', msg.member],
    ];
    if (msg.destination) fields.push([HEADER.destination, 's', msg.destination]);
    this.append(METHOD_CALL, msg.flags ?? 0, msg.serial, fields, msg.signature ?? '', msg.body ?? []);
  }

  /** Appends an error reply (to a call made to us). */
  appendError(reply: ErrorReply): void {
    const fields: Field[] = [
      [HEADER.errorName, 's', reply.errorName],
      [HEADER.replySerial, 'u', reply.replySerial],
    ];
    if (reply.destination) fields.push([HEADER.destination, 's', reply.destination]);
    this.append(ERROR, NO_REPLY_EXPECTED, reply.serial, fields, 's', [reply.text]);
  }

  /** Hands the accumulated bytes over as their own buffer (the socket may keep it) and starts again. */
  take(): Buffer {
    const out = Buffer.allocUnsafe(this.pos);
    this.buf.copy(out, 0, 0, this.pos);
    this.pos = 0;
    if (this.buf.length > 16 * this.initialSize) this.buf = Buffer.allocUnsafe(this.initialSize); // one burst must not pin memory
    return out;
  }

  private append(type: number, flags: number, serial: number, fields: Field[], signature: string, values: unknown[]): void {
    const types = parseSignature(signature);
    if (types.length !== values.length) throw new TypeError(`signature "${signature}" needs ${types.length} values, got ${values.length}`);
    this.start = this.pos;
    try {
      this.u8(LITTLE_ENDIAN);
      this.u8(type);
      this.u8(flags);
      this.u8(1); // protocol version
      const bodyLengthAt = this.pos;
      this.u32(0); // body length, patched below
      this.u32(serial);
      const fieldsLengthAt = this.pos;
      this.u32(0); // header field array length, patched below
      const fieldsStart = this.pos; // 8-aligned (offset 16)
      for (const field of fields) writeField(this, field);
      if (signature) writeField(this, [HEADER.signature, 'g', signature]);
      this.buf.writeUInt32LE(this.pos - fieldsStart, fieldsLengthAt);
      this.align(8);
      const bodyStart = this.pos;
      types.forEach((t, index) => writeValue(this, t, values[index]));
      this.buf.writeUInt32LE(this.pos - bodyStart, bodyLengthAt);
    } catch (err) {
      this.pos = this.start; // nothing half-written stays in the batch
      throw err;
    }
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

function writeField(out: MessageWriter, [code, type, value]: Field): void {
  out.align(8);
  out.u8(code);
  out.text(type, 1);
  if (type === 'u') out.u32(Number(value));
  else out.text(String(value), type === 'g' ? 1 : 4);
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
