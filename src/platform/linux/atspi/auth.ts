/**
 * D-Bus authentication, client side (D-Bus specification, "Authentication Protocol"): EXTERNAL
 * with our uid, what every local bus and every AT-SPI application socket accepts. Written here
 * rather than taken from dbus-next, whose handshake loads node:crypto at import (for cookie
 * authentication) and reads the server's answer one byte per read() call (spawn →
 * first read). A server that refuses EXTERNAL (a bus over TCP) gets dbus-next's handshake on a
 * new socket instead (dbusLink.ts): cookie authentication, then anonymous.
 */
import type { Socket } from 'node:net';

/** The server refused EXTERNAL: another mechanism may still work. */
export class AuthRejected extends Error {
  constructor(readonly answer: string) {
    super(`the server refused EXTERNAL authentication (${answer})`);
    this.name = 'AuthRejected';
  }
}

/** An authentication line longer than this is not D-Bus talking. */
const MAX_LINE = 4096;

/**
 * Authenticates a connected socket and sends BEGIN, then calls `done` synchronously from the
 * socket's own data event, with any bytes that came after the server's OK line (the start of the
 * message stream; normally none): the caller attaches its reader there, so no chunk can arrive
 * between this function's listener and the caller's.
 */
export function authenticateExternal(socket: Socket, uid: number, done: (error: Error | null, rest: Buffer) => void): void {
  let received: Buffer = Buffer.alloc(0);
  const finish = (error: Error | null, rest: Buffer = Buffer.alloc(0)): void => {
    socket.off('data', onData);
    done(error, rest);
  };
  const onData = (chunk: Buffer): void => {
    received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
    const end = received.indexOf(0x0a);
    if (end < 0) {
      if (received.length > MAX_LINE) finish(new Error('the server sent no authentication answer'));
      return;
    }
    const line = received.subarray(0, end).toString('latin1').replace(/\r$/, '');
    if (/^OK [0-9a-f]+$/i.test(line)) {
      socket.write('BEGIN\r\n');
      finish(null, received.subarray(end + 1));
    } else if (line.startsWith('REJECTED')) finish(new AuthRejected(line));
    else finish(new Error(`unexpected authentication answer "${line.slice(0, 80)}"`));
  };
  socket.on('data', onData);
  // The uid as decimal text, hex-encoded (what libdbus and sd-bus send).
  socket.write(`\0AUTH EXTERNAL ${Buffer.from(String(uid), 'latin1').toString('hex')}\r\n`);
}
