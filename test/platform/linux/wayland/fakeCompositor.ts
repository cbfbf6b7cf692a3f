/** A scripted Wayland compositor on a real unix socket, for the pure-JS wire clients' tests. */
import { mkdtempSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeString, encodeUint, WireReader } from '../../../../src/platform/linux/wayland/wire.js';

export interface Request {
  object: number;
  opcode: number;
  args: WireReader;
}

export function message(object: number, opcode: number, ...args: Buffer[]): Buffer {
  const body = Buffer.concat(args);
  const header = Buffer.alloc(8);
  header.writeUInt32LE(object);
  header.writeUInt32LE(((body.length + 8) << 16) | opcode, 4);
  return Buffer.concat([header, body]);
}

export function array(values: number[]): Buffer {
  const out = Buffer.alloc(4 + values.length * 4);
  out.writeUInt32LE(values.length * 4);
  values.forEach((v, i) => out.writeUInt32LE(v, 4 + i * 4));
  return out;
}

/** A compositor that answers sync, lists `globals`, and calls `onBind`/`onRequest`. */
export function fakeCompositor(
  globals: string[],
  script: (socket: Socket, request: Request, bound: Map<string, number>) => void,
): { path: string; server: Server; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'wl-fake-'));
  const path = join(dir, 'wayland-0');
  const server = createServer((socket) => {
    const bound = new Map<string, number>();
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      while (buffer.length >= 8) {
        const size = buffer.readUInt32LE(4) >>> 16;
        if (buffer.length < size) return;
        const object = buffer.readUInt32LE(0);
        const opcode = buffer.readUInt32LE(4) & 0xffff;
        const args = new WireReader(buffer.subarray(8, size));
        buffer = buffer.subarray(size);
        if (object === 1 && opcode === 1) {
          const registry = args.uint();
          globals.forEach((name, i) => socket.write(message(registry, 0, encodeUint(i + 1), encodeString(name), encodeUint(3))));
        } else if (object === 1 && opcode === 0) {
          socket.write(message(args.uint(), 0, encodeUint(0)));
        } else if (opcode === 0 && object === 2) {
          const name = args.uint();
          const iface = args.string();
          args.uint();
          bound.set(iface, args.uint());
          script(socket, { object, opcode, args }, bound);
          void name;
        } else script(socket, { object, opcode, args }, bound);
      }
    });
  });
  server.listen(path);
  return { path, server, dir };
}
