/**
 * DbusLink against a real socket: a tiny peer-to-peer D-Bus server in the test (EXTERNAL auth,
 * then dbus-next's own marshaller for its replies). Checks replies, remote errors, timeouts,
 * a closing peer, calls made to us, and malformed bodies.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, Socket, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import dbus from 'dbus-next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DbusLink } from '../../../src/platform/linux/atspi/dbusLink.js';

const require = createRequire(import.meta.url);
const { marshallMessage, messageToJsFmt } = require('dbus-next/lib/marshall-compat.js') as {
  marshallMessage(m: unknown): [Buffer];
  messageToJsFmt(m: unknown): Record<string, unknown>;
};
const { unmarshalMessages } = require('dbus-next/lib/message.js') as { unmarshalMessages(s: PassThrough, cb: (m: unknown) => void, o: object): void };

type Incoming = { serial: number; member: string; body: unknown[]; type: number };
type Behaviour = (msg: Incoming, socket: Socket) => void;

function reply(socket: Socket, msg: Incoming, signature: string, body: unknown[]): void {
  socket.write(marshallMessage(new dbus.Message({ type: 2, serial: 1000 + msg.serial, replySerial: msg.serial as unknown as string, signature, body }))[0]);
}

/** What the test server answers to one authentication line (with its \r\n). */
type AuthAnswer = (line: string) => string;
const ACCEPT: AuthAnswer = () => 'OK 0123456789abcdef0123456789abcdef\r\n';

/** Accepts clients: authentication by `answerAuth` line by line, then hands every decoded message to `behaviour`. */
function peerServer(
  path: string,
  behaviour: Behaviour,
  onMessage: (m: Incoming) => void = () => undefined,
  answerAuth: AuthAnswer = ACCEPT,
  authLines: string[] = [],
): Promise<Server> {
  const server = createServer((socket) => {
    let buffered = Buffer.alloc(0);
    let binary: PassThrough | null = null;
    socket.on('data', (chunk: Buffer) => {
      if (binary) return void binary.write(chunk);
      buffered = Buffer.concat([buffered, chunk]);
      for (let end = buffered.indexOf('\r\n'); end >= 0 && !binary; end = buffered.indexOf('\r\n')) {
        const line = buffered.subarray(0, end).toString('latin1').replace(/^\0/, '');
        buffered = buffered.subarray(end + 2);
        authLines.push(line);
        if (line !== 'BEGIN') {
          socket.write(answerAuth(line));
          continue;
        }
        binary = new PassThrough();
        unmarshalMessages(
          binary,
          (raw) => {
            const msg = messageToJsFmt(raw) as unknown as Incoming;
            onMessage(msg);
            behaviour(msg, socket);
          },
          {},
        );
        binary.write(buffered);
      }
    });
  });
  return new Promise((resolve) => server.listen(path, () => resolve(server)));
}

const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');

describe('DbusLink', () => {
  let dir: string;
  let server: Server | null = null;
  let link: DbusLink | null = null;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'atspi-link-'));
  });

  afterEach(async () => {
    link?.close();
    link = null;
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = null;
    rmSync(dir, { recursive: true, force: true });
  });

  const open = async (behaviour: Behaviour, onMessage?: (m: Incoming) => void): Promise<DbusLink> => {
    const path = join(dir, 'peer');
    server = await peerServer(path, behaviour, onMessage);
    link = await DbusLink.open(`unix:path=${path}`, { hello: false, timeoutMs: 2000 });
    return link;
  };

  it('pipelines calls and matches replies by serial, in any order', async () => {
    const held: Array<[Incoming, Socket]> = [];
    const l = await open((msg, socket) => {
      held.push([msg, socket]);
      if (held.length === 3) for (const [m, s] of held.reverse()) reply(s, m, 's', [`${m.member}:${String(m.body[0])}`]);
    });
    const answers = await Promise.all(['a', 'b', 'c'].map((x) => l.call({ path: '/p', interface: 'x.Y', member: 'Echo', signature: 's', body: [x] })));
    expect(answers).toEqual([['Echo:a'], ['Echo:b'], ['Echo:c']]);
  });

  it('rejects with the remote D-Bus error name', async () => {
    const l = await open((msg, socket) => {
      socket.write(
        marshallMessage(
          new dbus.Message({
            type: 3,
            serial: 99,
            replySerial: msg.serial as unknown as string,
            errorName: 'org.example.Error.Nope',
            signature: 's',
            body: ['remote text'],
          }),
        )[0],
      );
    });
    await expect(l.call({ path: '/p', interface: 'x.Y', member: 'Fail' })).rejects.toMatchObject({ type: 'org.example.Error.Nope' });
  });

  it('times out a call nobody answers, and only that call', async () => {
    const l = await open((msg, socket) => {
      if (msg.member === 'Answer') reply(socket, msg, 'u', [7]);
    });
    const silent = l.call({ path: '/p', interface: 'x.Y', member: 'Silent' }, 150);
    await expect(l.call({ path: '/p', interface: 'x.Y', member: 'Answer' })).resolves.toEqual([7]);
    await expect(silent).rejects.toMatchObject({ code: 'timeout' });
    expect(l.closed).toBe(false);
  });

  it('fails every pending call and reports the close when the peer goes away', async () => {
    const l = await open((_msg, socket) => socket.destroy());
    const closed = new Promise<string>((resolve) => l.once('close', resolve));
    await expect(l.call({ path: '/p', interface: 'x.Y', member: 'Any' })).rejects.toMatchObject({ code: 'disconnected' });
    expect(await closed).toMatch(/closed/);
    await expect(l.call({ path: '/p', interface: 'x.Y', member: 'After' })).rejects.toMatchObject({ code: 'disconnected' });
  });

  it('answers method calls made to it, so callers do not wait', async () => {
    const seen: Array<Incoming & { replySerial?: number; errorName?: string }> = [];
    const l = await open(
      (msg, socket) => {
        if (msg.member !== 'Trigger') return;
        socket.write(marshallMessage(new dbus.Message({ type: 1, serial: 500, path: '/us', interface: 'x.Z', member: 'Ping' }))[0]);
        reply(socket, msg, '', []);
      },
      (m) => seen.push(m),
    );
    await l.call({ path: '/p', interface: 'x.Y', member: 'Trigger' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.find((m) => m.type === 3)).toMatchObject({ replySerial: 500, errorName: 'org.freedesktop.DBus.Error.UnknownMethod' });
  });

  it('rejects a body that does not fit its signature without sending anything', async () => {
    const seen: Incoming[] = [];
    const l = await open(
      () => undefined,
      (m) => seen.push(m),
    );
    await expect(l.call({ path: '/p', interface: 'x.Y', member: 'Bad', signature: 'u', body: [] })).rejects.toMatchObject({ code: 'bad_argument' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(seen).toEqual([]);
  });

  it('authenticates with EXTERNAL and our uid, then BEGIN, on one socket', async () => {
    const lines: string[] = [];
    const path = join(dir, 'peer');
    server = await peerServer(path, (msg, socket) => reply(socket, msg, 'u', [1]), undefined, ACCEPT, lines);
    link = await DbusLink.open(`unix:path=${path}`, { hello: false, timeoutMs: 2000 });
    await expect(link.call({ path: '/p', interface: 'x.Y', member: 'One' })).resolves.toEqual([1]);
    expect(lines).toEqual([`AUTH EXTERNAL ${hex(String(process.getuid?.() ?? 0))}`, 'BEGIN']);
  });

  it('a server that refuses EXTERNAL gets cookie authentication on a new socket', async () => {
    // DBUS_COOKIE_SHA1 reads the cookie from ~/.dbus-keyrings/<context>.
    const home = join(dir, 'home');
    mkdirSync(join(home, '.dbus-keyrings'), { recursive: true, mode: 0o700 });
    writeFileSync(join(home, '.dbus-keyrings', 'org_freedesktop_general'), '7 1700000000 c00k1e\n', { mode: 0o600 });
    const savedHome = process.env.HOME;
    process.env.HOME = home;
    try {
      const lines: string[] = [];
      let connections = 0;
      const path = join(dir, 'peer');
      server = await peerServer(
        path,
        (msg, socket) => reply(socket, msg, 's', ['in']),
        undefined,
        (line) => {
          if (line.startsWith('AUTH EXTERNAL')) return 'REJECTED DBUS_COOKIE_SHA1\r\n';
          if (line.startsWith('AUTH DBUS_COOKIE_SHA1')) return `DATA ${hex('org_freedesktop_general 7 serverchallenge')}\r\n`;
          if (line.startsWith('DATA ')) return ACCEPT(line);
          return 'ERROR\r\n';
        },
        lines,
      );
      server.on('connection', () => connections++);
      link = await DbusLink.open(`unix:path=${path}`, { hello: false, timeoutMs: 2000 });
      await expect(link.call({ path: '/p', interface: 'x.Y', member: 'Who' })).resolves.toEqual(['in']);
      expect(connections).toBe(2);
      expect(lines.map((l) => l.split(' ').slice(0, 2).join(' '))).toEqual([
        'AUTH EXTERNAL',
        'AUTH DBUS_COOKIE_SHA1',
        'DATA ' + lines[2]!.split(' ')[1],
        'BEGIN',
      ]);
    } finally {
      process.env.HOME = savedHome;
    }
  });

  it('an answer that is not D-Bus fails the open with a clear error', async () => {
    const path = join(dir, 'peer');
    server = await peerServer(
      path,
      () => undefined,
      undefined,
      () => 'HTTP/1.1 400 Bad Request\r\n',
    );
    await expect(DbusLink.open(`unix:path=${path}`, { hello: false, timeoutMs: 2000 })).rejects.toMatchObject({
      code: 'disconnected',
      message: expect.stringMatching(/authentication failed: unexpected authentication answer "HTTP\/1.1 400 Bad Request"/),
    });
  });

  it('calls made in one turn of the event loop, in separate ticks, leave in one write', async () => {
    const seen: string[] = [];
    const l = await open(
      (msg, socket) => reply(socket, msg, 's', [msg.member]),
      (m) => seen.push(m.member),
    );
    const write = vi.spyOn(Socket.prototype, 'write');
    try {
      const calls: Array<Promise<unknown[]>> = [];
      const call = (member: string) => calls.push(l.call({ path: '/p', interface: 'x.Y', member }));
      call('First');
      process.nextTick(() => call('InNextTick'));
      void Promise.resolve().then(() => call('InMicrotask'));
      await new Promise((resolve) => setImmediate(resolve));
      expect(write.mock.calls.length).toBe(1);
      await expect(Promise.all(calls)).resolves.toEqual([['First'], ['InMicrotask'], ['InNextTick']]);
    } finally {
      write.mockRestore();
    }
    expect(seen).toEqual(['First', 'InMicrotask', 'InNextTick']);
  });

  it('fails to open an address where nothing listens', async () => {
    await expect(DbusLink.open(`unix:path=${join(dir, 'nobody')}`, { hello: true, timeoutMs: 500 })).rejects.toMatchObject({ code: 'disconnected' });
  });
});
