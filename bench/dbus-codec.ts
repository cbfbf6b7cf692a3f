/**
 * The D-Bus codec's benchmark (src/platform/linux/atspi/wire.ts, wireRead.ts), the
 * reason the AT-SPI client does not use dbus-next's marshaller. Encodes the method calls a tree
 * walk sends and decodes the replies it gets, with our codec and with dbus-next's (the reference,
 * measured in the same run on the same messages). Prints time per message and the ratio
 * dbus-next / ours (above 1: ours is faster). No D-Bus daemon needed: pure CPU.
 */
import { createRequire } from 'node:module';
import dbus from 'dbus-next';
import { encodeMethodCall, MessageWriter, type CallMessage } from '../src/platform/linux/atspi/wire.js';
import { decodeMessage } from '../src/platform/linux/atspi/wireRead.js';
import { summarise, table } from './stats.js';

const require = createRequire(import.meta.url);
const { marshallMessage, messageToJsFmt } = require('dbus-next/lib/marshall-compat.js') as {
  marshallMessage(msg: unknown): [Buffer, unknown[]];
  messageToJsFmt(msg: unknown): unknown;
};
const { unmarshall } = require('dbus-next/lib/message.js') as { unmarshall(buf: Buffer, opts: object): unknown };

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const METHOD_RETURN = 2;

/** What a tree walk sends per node: role, name, states, children, attributes (AT-SPI). */
const NODE = { destination: ':1.42', path: '/org/a11y/atspi/accessible/1234', interface: 'org.a11y.atspi.Accessible' };
const CALLS: CallMessage[] = [
  { ...NODE, serial: 1, member: 'GetRole' },
  { ...NODE, serial: 2, interface: 'org.freedesktop.DBus.Properties', member: 'Get', signature: 'ss', body: ['org.a11y.atspi.Accessible', 'Name'] },
  { ...NODE, serial: 3, member: 'GetState' },
  { ...NODE, serial: 4, member: 'GetChildren' },
  { ...NODE, serial: 5, member: 'GetAttributes' },
];

const children = Array.from({ length: 12 }, (_, i) => [':1.42', `/org/a11y/atspi/accessible/${2000 + i}`]);
const REPLIES: Array<{ signature: string; body: unknown[] }> = [
  { signature: 'u', body: [62] },
  { signature: 'v', body: [new dbus.Variant('s', 'Save the document under another name')] },
  { signature: 'au', body: [[0x4000_0100, 0x0000_2004]] },
  { signature: 'a(so)', body: [children] },
  { signature: 'a{ss}', body: [{ toolkit: 'GTK', 'explicit-name': 'true', id: 'save-button' }] },
];

function referenceCall(call: CallMessage): Buffer {
  return marshallMessage(new dbus.Message({ ...call, signature: call.signature ?? '', body: call.body ?? [] }))[0];
}

type MessageOptions = ConstructorParameters<typeof dbus.Message>[0];
const replyBytes = REPLIES.map((reply, i) => {
  // dbus-next's typings want replySerial as a string; its marshaller writes the number.
  const options = { type: METHOD_RETURN, serial: 100 + i, replySerial: i + 1, destination: ':1.7', ...reply } as unknown as MessageOptions;
  return marshallMessage(new dbus.Message(options))[0];
});

/** Median µs per message over ROUNDS rounds of MESSAGES messages. */
function measure(run: (i: number) => void): number {
  for (let i = 0; i < MESSAGES; i++) run(i); // warm-up
  const samples: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const start = performance.now();
    for (let i = 0; i < MESSAGES; i++) run(i);
    samples.push(((performance.now() - start) * 1000) / MESSAGES);
  }
  return summarise(samples).median;
}

// The same bytes, or the comparison means nothing.
for (const call of CALLS) if (!encodeMethodCall(call).equals(referenceCall(call))) throw new Error(`encoders differ on ${call.member}`);

const writer = new MessageWriter();
const oursEncode = measure((i) => {
  writer.appendMethodCall(CALLS[i % CALLS.length] as CallMessage);
  if (i % CALLS.length === CALLS.length - 1) writer.take(); // one batch per node, as the link writes it
});
const refEncode = measure((i) => referenceCall(CALLS[i % CALLS.length] as CallMessage));

const oursDecode = measure((i) => decodeMessage(replyBytes[i % REPLIES.length] as Buffer, 0));
// dbus-next's bus hands messages over in its JS format (variants as Variant objects): count that too.
const refDecode = measure((i) => messageToJsFmt(unmarshall(replyBytes[i % REPLIES.length] as Buffer, {})));

const row = (what: string, ours: number, ref: number) => ({
  'per message': what,
  'ours µs': ours.toFixed(2),
  'dbus-next µs (ref)': ref.toFixed(2),
  'dbus-next / ours': (ref / ours).toFixed(1),
});
console.log(table([row('encode a tree-walk call', oursEncode, refEncode), row('decode its reply', oursDecode, refDecode)]));
console.log(`\n${MESSAGES} messages × ${ROUNDS} rounds, median; the reference is dbus-next 0.10.2's marshaller in the same run.`);
