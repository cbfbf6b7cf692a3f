/**
 * Reading D-Bus messages off a socket: framing across chunks and a direct decoder into plain
 * values (strings, numbers, booleans, arrays for arrays and structs, objects for dicts,
 * `{ signature, value }` for variants, Buffer for byte arrays, BigInt for 64-bit integers) —
 * the shapes dbus-next produces, without its per-message objects and name validation, which
 * measured as a large share of a tree walk's CPU and garbage.
 */
import { alignmentOf, parseSignature, type SigNode } from './signature.js';

export interface WireMessage {
  type: number;
  flags: number;
  serial: number;
  replySerial?: number;
  path?: string;
  interface?: string;
  member?: string;
  errorName?: string;
  destination?: string;
  sender?: string;
  signature: string;
  body: unknown[];
}

const FIELD_NAMES: Record<number, keyof WireMessage> = {
  1: 'path',
  2: 'interface',
  3: 'member',
  4: 'errorName',
  5: 'replySerial',
  6: 'destination',
  7: 'sender',
  8: 'signature',
};
const FIXED_HEADER = 16;
/** The D-Bus specification's limit for one message. */
const MAX_MESSAGE = 1 << 27;

/** Splits a byte stream into messages. Throws on bytes that cannot be D-Bus (the socket is then dropped). */
export class MessageReader {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): WireMessage[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const out: WireMessage[] = [];
    let at = 0;
    for (;;) {
      const size = messageSize(this.pending, at);
      if (size === null || at + size > this.pending.length) break;
      out.push(decodeMessage(this.pending, at));
      at += size;
    }
    // Keep only the unfinished tail (a copy, so the big chunk can be collected).
    this.pending = at === this.pending.length ? Buffer.alloc(0) : at === 0 ? this.pending : Buffer.from(this.pending.subarray(at));
    return out;
  }
}

function messageSize(buf: Buffer, at: number): number | null {
  if (buf.length - at < FIXED_HEADER) return null;
  const little = endianness(buf[at]);
  const bodyLength = little ? buf.readUInt32LE(at + 4) : buf.readUInt32BE(at + 4);
  const fieldsLength = little ? buf.readUInt32LE(at + 12) : buf.readUInt32BE(at + 12);
  const size = align8(FIXED_HEADER + fieldsLength) + bodyLength;
  if (size > MAX_MESSAGE) throw new Error(`D-Bus message of ${size} bytes exceeds the limit`);
  return size;
}

function endianness(byte: number | undefined): boolean {
  if (byte === 0x6c) return true; // 'l'
  if (byte === 0x42) return false; // 'B'
  throw new Error(`not a D-Bus message (endianness byte ${String(byte)})`);
}

const align8 = (n: number): number => (n + 7) & ~7;

export function decodeMessage(buf: Buffer, at: number): WireMessage {
  const c = new Cursor(buf, at, endianness(buf[at]));
  c.pos = at + 1;
  const type = c.u8();
  const flags = c.u8();
  c.u8(); // protocol version
  const bodyLength = c.u32();
  const message: WireMessage = { type, flags, serial: c.u32(), signature: '', body: [] };
  const fieldsEnd = c.u32() + c.pos;
  while (c.pos < fieldsEnd) {
    c.align(8);
    const code = c.u8();
    const value = readFieldValue(c);
    const name = FIELD_NAMES[code];
    if (name) (message as unknown as Record<string, unknown>)[name] = value;
  }
  c.align(8);
  const bodyEnd = c.pos + bodyLength;
  const types = parseSignature(message.signature);
  const body: unknown[] = [];
  for (let i = 0; i < types.length; i++) body.push(readValue(c, types[i] as SigNode));
  message.body = body;
  if (c.pos !== bodyEnd) throw new Error('D-Bus message body does not match its signature');
  return message;
}

/** One-letter signatures by character code: every header field has one. */
const SINGLE_TYPES = new Map([...'ybnqiuxtdsogvh'].map((code) => [code.charCodeAt(0), parseSignature(code)[0] as SigNode]));

/**
 * A header field's value (a variant) without the `{ signature, value }` object and signature
 * string readVariant makes: five per message, most read while the code is still cold.
 */
function readFieldValue(c: Cursor): unknown {
  if (c.buf[c.pos] === 1) {
    const type = SINGLE_TYPES.get(c.buf[c.pos + 1] as number);
    if (type && c.buf[c.pos + 2] === 0) {
      c.pos += 3;
      return readValue(c, type);
    }
  }
  return readVariant(c).value;
}

class Cursor {
  pos: number;

  constructor(
    readonly buf: Buffer,
    /** Alignment is relative to the message start. */
    readonly base: number,
    readonly little: boolean,
  ) {
    this.pos = base;
  }

  align(to: number): void {
    this.pos += (to - ((this.pos - this.base) % to)) % to;
  }

  u8(): number {
    return this.buf[this.pos++] as number;
  }

  u32(): number {
    this.align(4);
    const b = this.buf;
    const p = this.pos;
    if (p + 4 > b.length) throw new RangeError('D-Bus message ends inside a 32-bit value');
    this.pos = p + 4;
    // Bytes assembled here, not with readUInt32LE: most of a start-up's reads run before the JIT
    // warms up, where each Buffer method call costs its argument checks.
    return this.little
      ? ((b[p] as number) | ((b[p + 1] as number) << 8) | ((b[p + 2] as number) << 16)) + (b[p + 3] as number) * 0x1000000
      : ((b[p + 3] as number) | ((b[p + 2] as number) << 8) | ((b[p + 1] as number) << 16)) + (b[p] as number) * 0x1000000;
  }

  text(length: number): string {
    const v = this.buf.toString('utf8', this.pos, this.pos + length);
    this.pos += length + 1; // and the NUL
    return v;
  }
}

function readVariant(c: Cursor): { signature: string; value: unknown } {
  const signature = c.text(c.u8());
  const [type] = parseSignature(signature);
  if (!type) throw new Error('empty variant signature');
  return { signature, value: readValue(c, type) };
}

function readValue(c: Cursor, type: SigNode): unknown {
  // Fixed-size numbers are read in place, without a closure per number (that was garbage on
  // every integer of every reply).
  const b = c.buf;
  switch (type.code) {
    case 'y':
      return c.u8();
    case 'b':
      return c.u32() !== 0;
    case 'n':
      c.align(2);
      return fixedAt(c, 2, c.little ? b.readInt16LE(c.pos) : b.readInt16BE(c.pos));
    case 'q':
      c.align(2);
      return fixedAt(c, 2, c.little ? b.readUInt16LE(c.pos) : b.readUInt16BE(c.pos));
    case 'i':
      c.align(4);
      return fixedAt(c, 4, c.little ? b.readInt32LE(c.pos) : b.readInt32BE(c.pos));
    case 'u':
    case 'h':
      return c.u32();
    case 'x':
      c.align(8);
      return fixedAt(c, 8, c.little ? b.readBigInt64LE(c.pos) : b.readBigInt64BE(c.pos));
    case 't':
      c.align(8);
      return fixedAt(c, 8, c.little ? b.readBigUInt64LE(c.pos) : b.readBigUInt64BE(c.pos));
    case 'd':
      c.align(8);
      return fixedAt(c, 8, c.little ? b.readDoubleLE(c.pos) : b.readDoubleBE(c.pos));
    case 's':
    case 'o':
      return c.text(c.u32());
    case 'g':
      return c.text(c.u8());
    case 'v':
      return readVariant(c);
    case 'a':
      return readArray(c, type.children[0] as SigNode);
    case '(': {
      c.align(8);
      const fields: unknown[] = [];
      for (let i = 0; i < type.children.length; i++) fields.push(readValue(c, type.children[i] as SigNode));
      return fields;
    }
    default:
      throw new Error(`cannot decode D-Bus type "${type.code}"`);
  }
}

/** Moves the cursor past a fixed-size value just read at its position. */
function fixedAt<T>(c: Cursor, size: number, value: T): T {
  c.pos += size;
  return value;
}

function readArray(c: Cursor, element: SigNode): unknown {
  const length = c.u32();
  c.align(alignmentOf(element));
  const end = c.pos + length;
  if (element.code === 'y') {
    const bytes = Buffer.from(c.buf.subarray(c.pos, end));
    c.pos = end;
    return bytes;
  }
  if (element.code === '{') {
    const [keyType, valueType] = element.children as [SigNode, SigNode];
    const dict: Record<string, unknown> = {};
    while (c.pos < end) {
      c.align(8);
      const key = readValue(c, keyType);
      dict[String(key)] = readValue(c, valueType);
    }
    return dict;
  }
  const items: unknown[] = [];
  while (c.pos < end) items.push(readValue(c, element));
  return items;
}
