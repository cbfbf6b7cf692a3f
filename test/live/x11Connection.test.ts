/**
 * How X11Connection talks to a real Xvfb (start-up). Our reader of the server's setup
 * reply (src/platform/linux/x11/serverHello.ts) against the `x11` package's own, on the same bytes
 * (390 visuals): the same display object, field for field and in the same key order; the package
 * connects with ours installed. And requests issued together leave in one socket write.
 */
import { createRequire } from 'node:module';
import { createConnection } from 'node:net';
import { describe, expect, it } from 'vitest';
import { readServerHello, type HelloReader } from '../../src/platform/linux/x11/serverHello.js';
import { X11Connection } from '../../src/platform/linux/x11/index.js';
import { displayStack, useDesktop } from './helpers/desktop.js';

type Parser = (reader: HelloReader, done: (error: Error | null, display?: Record<string, unknown>) => void) => void;

/** The package's parser, as the file defines it (loaded fresh: ours replaces it in the shared module). */
function packageParser(): Parser {
  const require = createRequire(import.meta.url);
  const path = require.resolve('x11/lib/handshake');
  const cached = require.cache[path];
  delete require.cache[path];
  try {
    return (require(path) as { readServerHello: Parser }).readServerHello;
  } finally {
    if (cached) require.cache[path] = cached;
  }
}

/** The whole setup reply of a connection without authentication (Xvfb as the desktop starts it). */
function setupReply(display: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(`/tmp/.X11-unix/X${display.replace(/^:/, '').split('.')[0]}`);
    const hello = Buffer.alloc(12);
    hello.write('l', 0, 'latin1');
    hello.writeUInt16LE(11, 2);
    socket.on('connect', () => socket.write(hello));
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.length >= 8 && received.length >= 8 + received.readUInt16LE(6) * 4) {
        socket.destroy();
        resolve(received.subarray(0, 8 + received.readUInt16LE(6) * 4));
      }
    });
    socket.on('error', reject);
  });
}

/** A reader over fixed bytes, served in the package's get(n, cb) way. */
function bytesReader(bytes: Buffer): HelloReader {
  let at = 0;
  return {
    get(length, callback) {
      const data = Buffer.from(bytes.subarray(at, at + length));
      at += length;
      callback(data);
    },
  };
}

function parse(parser: Parser, bytes: Buffer): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => parser(bytesReader(bytes), (error, display) => (error ? reject(error) : resolve(display!))));
}

const stack = displayStack();
describe.skipIf(stack.skip)('X11 connection', () => {
  const live = useDesktop();

  it('is read into the same display object as the x11 package reads it', async () => {
    const bytes = await setupReply(live.desktop.env.DISPLAY!);
    const ours = await parse(readServerHello, bytes);
    const original = packageParser();
    expect(original).not.toBe(readServerHello);
    const theirs = await parse(original, bytes);
    expect(ours).toEqual(theirs);
    expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs));
    const visuals = (ours.screen as Array<{ depths: Record<string, object> }>).flatMap((s) => Object.values(s.depths).flatMap((d) => Object.keys(d)));
    expect(visuals.length).toBeGreaterThan(100); // the case the package's reader is slow on
  });

  it("a refused connection is an error with the server's reason", async () => {
    const reason = Buffer.from('No protocol specified\n\0\0', 'latin1');
    const refused = Buffer.concat([Buffer.from([0, 21, 11, 0, 0, 0, reason.length / 4, 0]), reason]);
    await expect(parse(readServerHello, refused)).rejects.toThrow('X server connection failed: No protocol specified');
    await expect(parse(packageParser(), refused)).rejects.toThrow('X server connection failed: No protocol specified');
  });

  it('the package connects with our reader installed', async () => {
    const connection = await X11Connection.open(live.desktop.env.DISPLAY!);
    try {
      expect(connection.root).toBeGreaterThan(0);
      expect(connection.display.screen[0]?.root).toBe(connection.root);
    } finally {
      await connection.close();
    }
  });

  it('requests issued together leave in one write, and each gets its own answer', async () => {
    const connection = await X11Connection.open(live.desktop.env.DISPLAY!);
    try {
      const stats = (connection.client as unknown as { pack_stream: { stats: { writes: number } } }).pack_stream.stats;
      const names = Array.from({ length: 40 }, (_, i) => `GUI_BRIDGE_TEST_ATOM_${i}`);
      const before = stats.writes;
      const atoms = await Promise.all(names.map((name) => connection.atom(name)));
      expect(stats.writes - before).toBe(1);
      expect(new Set(atoms).size).toBe(names.length);
      expect(await Promise.all(atoms.map((atom) => connection.atomName(atom)))).toEqual(names);
    } finally {
      await connection.close();
    }
  });
});
