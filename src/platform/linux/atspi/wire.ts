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

/** What a method call says, apart from its serial and flags. */
export interface CallFields {
  path: string;
  interface: string;
  member: string;
  destination?: string;
  signature?: string;
  body?: unknown[];
}

export interface CallMessage extends CallFields {
  serial: number;
  flags?: number;
}

const NO_VALUES: unknown[] = [];
/** Header fields are variants: these are their one-letter signatures. */
const CODE = { o: 0x6f, s: 0x73, g: 0x67, u: 0x75 } as const;

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

  /**
   * Appends one method call with this serial and these flags. Written field by field, without an
   * intermediate object or array per call: most calls are made while the code is still cold
   * (interpreted), where each temporary and each iterator step is garbage (start-up).
   */
  appendCall(call: CallFields, serial: number, flags: number): void {
    const signature = call.signature ?? '';
    const values = call.body ?? NO_VALUES;
    const types = parseSignature(signature);
    if (types.length !== values.length) throw new TypeError(`signature "${signature}" needs ${types.length} values, got ${values.length}`);
    this.start = this.pos;
    try {
      this.fixedHeader(METHOD_CALL, flags, serial);
      this.textField(HEADER.path, CODE.o, call.path);
      this.textField(HEADER.interface, CODE.s, call.interface);
      this.textField(HEADER.member, CODE.s, call.member);
      if (call.destination) this.textField(HEADER.destination, CODE.s, call.destination);
      if (signature) this.textField(HEADER.signature, CODE.g, signature);
      this.body(types, values);
    } catch (err) {
      this.pos = this.start; // nothing half-written stays in the batch
      throw err;
    }
  }

  /** Appends an error reply (to a call made to us). */
  appendError(reply: ErrorReply): void {
    this.start = this.pos;
    try {
      this.fixedHeader(ERROR, NO_REPLY_EXPECTED, reply.serial);
      this.textField(HEADER.errorName, CODE.s, reply.errorName);
      this.align(8);
      this.u8(HEADER.replySerial);
      this.signatureOf(CODE.u);
      this.u32(reply.replySerial);
      if (reply.destination) this.textField(HEADER.destination, CODE.s, reply.destination);
      this.textField(HEADER.signature, CODE.g, 's');
      this.body(parseSignature('s'), [reply.text]);
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

  /** The 16 fixed bytes; the two lengths are patched later (body(): offsets 4 and 12). */
  private fixedHeader(type: number, flags: number, serial: number): void {
    this.u8(LITTLE_ENDIAN);
    this.u8(type);
    this.u8(flags);
    this.u8(1); // protocol version
    this.u32(0); // body length
    this.u32(serial);
    this.u32(0); // header field array length
  }

  /** A header field holding a string, object path or signature (a variant of that type). */
  private textField(code: number, type: number, value: string): void {
    this.align(8);
    this.u8(code);
    this.signatureOf(type);
    this.text(value, type === CODE.g ? 1 : 4);
  }

  /** A variant's one-letter signature: length 1, the letter, NUL. */
  private signatureOf(type: number): void {
    this.ensure(3);
    this.buf[this.pos++] = 1;
    this.buf[this.pos++] = type;
    this.buf[this.pos++] = 0;
  }

  /** Ends the header field array (its length patched in) and writes the body after it. */
  private body(types: SigNode[], values: unknown[]): void {
    const fieldsStart = this.start + 16;
    this.buf.writeUInt32LE(this.pos - fieldsStart, this.start + 12);
    this.align(8);
    const bodyStart = this.pos;
    for (let i = 0; i < types.length; i++) writeValue(this, types[i] as SigNode, values[i]);
    this.buf.writeUInt32LE(this.pos - bodyStart, this.start + 4);
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

  /** Aligns to `size`, makes room for `size` bytes and returns where they go (the caller writes them). */
  reserve(size: number): number {
    this.align(size);
    this.ensure(size);
    const at = this.pos;
    this.pos += size;
    return at;
  }

  u32(value: number): void {
    const p = this.reserve(4);
    // Stored byte by byte, not with writeUInt32LE: cheaper while the code is still cold.
    const v = value >>> 0;
    const b = this.buf;
    b[p] = v & 0xff;
    b[p + 1] = (v >>> 8) & 0xff;
    b[p + 2] = (v >>> 16) & 0xff;
    b[p + 3] = v >>> 24;
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
    // reserve() first: it may replace w.buf with a larger buffer.
    case 'n': {
      const at = w.reserve(2);
      return void w.buf.writeInt16LE(Number(value), at);
    }
    case 'q': {
      const at = w.reserve(2);
      return void w.buf.writeUInt16LE(Number(value), at);
    }
    case 'i': {
      const at = w.reserve(4);
      return void w.buf.writeInt32LE(Number(value), at);
    }
    case 'u':
      return w.u32(Number(value));
    case 'd': {
      const at = w.reserve(8);
      return void w.buf.writeDoubleLE(Number(value), at);
    }
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
  for (let i = 0; i < items.length; i++) writeValue(w, element, items[i]);
  w.buf.writeUInt32LE(w.pos - start, lengthAt);
}

function writeStruct(w: MessageWriter, type: SigNode, value: unknown): void {
  if (!Array.isArray(value) || value.length !== type.children.length) throw new TypeError('a struct value must be an array of its fields');
  w.align(8);
  for (let i = 0; i < type.children.length; i++) writeValue(w, type.children[i] as SigNode, value[i]);
}
