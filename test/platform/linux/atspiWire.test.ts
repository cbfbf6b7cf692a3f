import { createRequire } from 'node:module';
import dbus from 'dbus-next';
import { describe, expect, it } from 'vitest';
import { parseSignature } from '../../../src/platform/linux/atspi/signature.js';
import { encodeMethodCall, MessageWriter, type CallMessage } from '../../../src/platform/linux/atspi/wire.js';
import { socketTarget } from '../../../src/platform/linux/atspi/address.js';

// dbus-next's own marshaller is the reference: our encoder must produce the same bytes.
const require = createRequire(import.meta.url);
const { marshallMessage } = require('dbus-next/lib/marshall-compat.js') as { marshallMessage(msg: unknown): [Buffer, unknown[]] };

function reference(call: CallMessage): Buffer {
  return marshallMessage(new dbus.Message({ ...call, signature: call.signature ?? '', body: call.body ?? [] }))[0];
}

const CASES: Array<[string, CallMessage]> = [
  ['no body', { serial: 5, destination: ':1.2', path: '/org/a11y/atspi/accessible/12', interface: 'org.a11y.atspi.Accessible', member: 'GetRole' }],
  [
    'two strings',
    {
      serial: 7,
      destination: ':1.2',
      path: '/a',
      interface: 'org.freedesktop.DBus.Properties',
      member: 'Get',
      signature: 'ss',
      body: ['org.a11y.atspi.Accessible', 'Name'],
    },
  ],
  [
    'string array',
    {
      serial: 9,
      destination: 'org.a11y.atspi.Registry',
      path: '/org/a11y/atspi/registry',
      interface: 'org.a11y.atspi.Registry',
      member: 'RegisterEvent',
      signature: 'sass',
      body: ['object:children-changed', ['x', 'yy'], ''],
    },
  ],
  ['empty array', { serial: 10, path: '/p', interface: 'i.f', member: 'M', signature: 'sas', body: ['a', []] }],
  ['non-ASCII text, no destination', { serial: 11, path: '/p', interface: 'i.f', member: 'InsertText', signature: 'isi', body: [3, 'héllo ✓ 日本', 10] }],
  [
    'double variant',
    {
      serial: 12,
      destination: ':1.5',
      path: '/p',
      interface: 'org.freedesktop.DBus.Properties',
      member: 'Set',
      signature: 'ssv',
      body: ['org.a11y.atspi.Value', 'CurrentValue', new dbus.Variant('d', 4.5)],
    },
  ],
  [
    'dict, struct, bytes',
    {
      serial: 13,
      path: '/p',
      interface: 'i.f',
      member: 'X',
      signature: 'a{sv}(iu)ay',
      body: [{ a: new dbus.Variant('s', 'x'), b: new dbus.Variant('u', 7) }, [-1, 2], [1, 2, 3]],
    },
  ],
  [
    'flags and bool',
    {
      serial: 14,
      destination: 'org.a11y.Bus',
      path: '/org/a11y/bus',
      interface: 'org.a11y.Bus',
      member: 'GetAddress',
      signature: 'bu',
      body: [true, 4294967295],
      flags: 2,
    },
  ],
];

describe('encodeMethodCall', () => {
  it.each(CASES)('matches the reference marshaller: %s', (_name, call) => {
    expect(encodeMethodCall(call).equals(reference(call))).toBe(true);
  });

  it('batches several messages, each aligned from its own start', () => {
    const writer = new MessageWriter(64);
    for (const [, call] of CASES) writer.appendMethodCall(call);
    expect(writer.take().equals(Buffer.concat(CASES.map(([, call]) => reference(call))))).toBe(true);
    expect(writer.empty).toBe(true);
  });

  it('leaves the batch intact when a message cannot be encoded', () => {
    const writer = new MessageWriter();
    writer.appendMethodCall(CASES[0]?.[1] as CallMessage);
    expect(() => writer.appendMethodCall({ serial: 2, path: '/p', interface: 'i.f', member: 'M', signature: 'u', body: [] })).toThrow();
    expect(writer.take().equals(reference(CASES[0]?.[1] as CallMessage))).toBe(true);
  });

  it('writes error replies like the reference marshaller', () => {
    const writer = new MessageWriter();
    writer.appendError({ serial: 9, replySerial: 500, destination: ':1.4', errorName: 'org.freedesktop.DBus.Error.UnknownMethod', text: 'no such object' });
    const theirs = marshallMessage(
      new dbus.Message({
        type: 3,
        flags: 1,
        serial: 9,
        replySerial: 500 as unknown as string,
        destination: ':1.4',
        errorName: 'org.freedesktop.DBus.Error.UnknownMethod',
        signature: 's',
        body: ['no such object'],
      }),
    )[0];
    expect(writer.take().equals(theirs)).toBe(true);
  });

  it('rejects a body that does not fit the signature', () => {
    expect(() => encodeMethodCall({ serial: 1, path: '/p', interface: 'i.f', member: 'M', signature: 'ss', body: ['one'] })).toThrow(/needs 2 values/);
    expect(() => encodeMethodCall({ serial: 1, path: '/p', interface: 'i.f', member: 'M', signature: '(si)', body: [['a']] })).toThrow(/struct/);
  });
});

describe('parseSignature', () => {
  it('parses nested containers', () => {
    expect(parseSignature('a(ua(so))s').map((n) => n.code)).toEqual(['a', 's']);
    expect(parseSignature('a{ss}')[0]?.children[0]?.children.map((c) => c.code)).toEqual(['s', 's']);
  });

  it('rejects malformed signatures', () => {
    expect(() => parseSignature('a(s')).toThrow(/unclosed/);
    expect(() => parseSignature('z')).toThrow(/unknown type/);
    expect(() => parseSignature('a')).toThrow(/incomplete/);
  });
});

describe('socketTarget', () => {
  it('opens unix paths (unescaped) and tcp, and names what it cannot open', () => {
    expect(socketTarget('unix:path=/run/user/0/bus,guid=abc')).toEqual({ path: '/run/user/0/bus' });
    expect(socketTarget('unix:path=/tmp/a%2db')).toEqual({ path: '/tmp/a-b' });
    expect(socketTarget('unix:abstract=/tmp/x;tcp:host=127.0.0.1,port=4000')).toEqual({ host: '127.0.0.1', port: 4000 });
    expect(() => socketTarget('unix:abstract=/tmp/dbus-XYZ,guid=1')).toThrow(/abstract/);
    expect(() => socketTarget('')).toThrow(/empty/);
  });
});
