import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import dbus from 'dbus-next';
import { describe, expect, it } from 'vitest';
import { MessageReader, type WireMessage } from '../../../src/platform/linux/atspi/wireRead.js';

// dbus-next is the reference: its marshaller writes the messages, its unmarshaller reads them too.
const require = createRequire(import.meta.url);
const { marshallMessage, messageToJsFmt } = require('dbus-next/lib/marshall-compat.js') as {
  marshallMessage(m: unknown): [Buffer];
  messageToJsFmt(m: unknown): Record<string, unknown>;
};
const { unmarshalMessages } = require('dbus-next/lib/message.js') as { unmarshalMessages(s: PassThrough, cb: (m: unknown) => void, o: object): void };
const V = (signature: string, value: unknown) => new dbus.Variant(signature, value);

const BODIES: Array<[string, unknown[]]> = [
  ['', []],
  ['u', [29]],
  ['au', [[1124090112, 0]]],
  [
    'a(so)',
    [
      [
        [':1.2', '/org/a11y/atspi/accessible/1'],
        [':1.2', '/a/2'],
      ],
    ],
  ],
  ['a{sv}', [{ Name: V('s', 'héllo ✓'), ChildCount: V('i', -3), Parent: V('(so)', [':1.2', '/p']), Big: V('t', 2n ** 40n), On: V('b', true) }]],
  [
    'a(ua(so))',
    [
      [
        [2, [[':1.3', '/x']]],
        [15, []],
      ],
    ],
  ],
  [
    'a(sss)',
    [
      [
        ['click', '', ''],
        ['press', 'Press it', '<Ctrl>p'],
      ],
    ],
  ],
  ['a{ss}', [{ toolkit: 'gtk', 'window-type': 'normal' }]],
  ['a((so)(so)(so)iiassusau)', [[[[':1.2', '/a'], [':1.2', '/r'], [':1.2', '/p'], -1, 4, ['org.a11y.atspi.Accessible'], 'name', 20, '', [1, 0]]]]],
  ['sbdnqxyg', ['s', false, 2.5, -7, 65000, -(2n ** 50n), 255, 'a{sv}']],
  ['ay(iiii)as', [Buffer.from([1, 2, 3]), [1, 2, 300, 400], []]],
  ['siiva{sv}', ['insert', 0, 7, V('s', 'typed'), {}]],
];

function reference(buffers: Buffer[]): Promise<Record<string, unknown>[]> {
  const stream = new PassThrough();
  const out: Record<string, unknown>[] = [];
  return new Promise((resolve) => {
    unmarshalMessages(
      stream,
      (m) => {
        out.push(messageToJsFmt(m));
        if (out.length === buffers.length) resolve(out);
      },
      {},
    );
    stream.write(Buffer.concat(buffers));
  });
}

/** dbus-next's Variant instances compare as plain { signature, value }. */
function plain(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

describe('MessageReader', () => {
  const messages = BODIES.map(([signature, body], i) => ({
    type: 2,
    serial: 100 + i,
    replySerial: (i + 1) as unknown as string,
    destination: ':1.9',
    sender: ':1.2',
    signature,
    body,
  }));
  const buffers = messages.map((m) => marshallMessage(new dbus.Message(m))[0]);

  it('decodes what dbus-next decodes, field for field', async () => {
    const theirs = await reference(buffers);
    const ours = new MessageReader().push(Buffer.concat(buffers));
    expect(ours).toHaveLength(buffers.length);
    ours.forEach((m, i) => {
      const t = theirs[i] as Record<string, unknown>;
      expect({ ...m, replySerial: m.replySerial, body: plain(m.body) }).toMatchObject({
        type: t.type,
        serial: t.serial,
        replySerial: Number(t.replySerial),
        destination: t.destination,
        sender: t.sender,
        signature: t.signature ?? '',
        body: plain(t.body ?? []),
      });
    });
  });

  it('reassembles messages split anywhere across chunks', () => {
    const all = Buffer.concat(buffers);
    for (const step of [1, 3, 7, 64, 1000]) {
      const reader = new MessageReader();
      const got: WireMessage[] = [];
      for (let at = 0; at < all.length; at += step) got.push(...reader.push(all.subarray(at, at + step)));
      expect(got.map((m) => m.serial)).toEqual(messages.map((m) => m.serial));
    }
  });

  it('reads signals and errors with their header fields', () => {
    const signal = marshallMessage(
      new dbus.Message({
        type: 4,
        serial: 5,
        sender: ':1.4',
        path: '/org/a11y/atspi/accessible/3',
        interface: 'org.a11y.atspi.Event.Object',
        member: 'StateChanged',
        signature: 'siiva{sv}',
        body: ['focused', 1, 0, V('i', 0), {}],
      }),
    )[0];
    const error = marshallMessage(
      new dbus.Message({
        type: 3,
        serial: 6,
        replySerial: 3 as unknown as string,
        errorName: 'org.freedesktop.DBus.Error.UnknownMethod',
        signature: 's',
        body: ['no'],
      }),
    )[0];
    const [s, e] = new MessageReader().push(Buffer.concat([signal, error]));
    expect(s).toMatchObject({
      type: 4,
      sender: ':1.4',
      path: '/org/a11y/atspi/accessible/3',
      interface: 'org.a11y.atspi.Event.Object',
      member: 'StateChanged',
      body: ['focused', 1, 0, { signature: 'i', value: 0 }, {}],
    });
    expect(e).toMatchObject({ type: 3, replySerial: 3, errorName: 'org.freedesktop.DBus.Error.UnknownMethod', body: ['no'] });
  });

  it.each([
    ['big', 0x42],
    ['little', 0x6c],
  ] as const)('reads %s-endian messages, 32-bit values above 2^31 included', (_order, marker) => {
    // A method reply: serial 7, reply to 3, signature "ut", body 0xfedcba98 and 2^40 + 5.
    const u32 = (n: number) => {
      const bytes = [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
      return marker === 0x42 ? bytes : bytes.reverse();
    };
    const u64 = (high: number, low: number) => (marker === 0x42 ? [...u32(high), ...u32(low)] : [...u32(low), ...u32(high)]);
    const fields = [5, 1, 0x75, 0, ...u32(3), 8, 1, 0x67, 0, 2, 0x75, 0x74, 0];
    const header = [marker, 2, 0, 1, ...u32(16), ...u32(0x80000007), ...u32(fields.length), ...fields];
    const padding = Array.from({ length: (8 - (header.length % 8)) % 8 }, () => 0);
    const body = [...u32(0xfedcba98), 0, 0, 0, 0, ...u64(0x100, 5)];
    const [message] = new MessageReader().push(Buffer.from([...header, ...padding, ...body]));
    expect(message).toMatchObject({ type: 2, serial: 0x80000007, replySerial: 3, signature: 'ut', body: [0xfedcba98, 2n ** 40n + 5n] });
  });

  it('refuses bytes that are not D-Bus', () => {
    expect(() => new MessageReader().push(Buffer.from('HTTP/1.1 200 OK\r\n\r\n'))).toThrow(/not a D-Bus message/);
  });
});
