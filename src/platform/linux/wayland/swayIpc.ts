/**
 * sway's IPC socket (i3-ipc framing: "i3-ipc", u32 length, u32 type, JSON), one request per
 * connection. Used where the Wayland protocols have no answer: waiting for a launched process's
 * window (the tree carries pids) and a window's rectangle for screenshots. sway only: other
 * compositors simply have no SWAYSOCK.
 */
import { createConnection } from 'node:net';

const MAGIC = Buffer.from('i3-ipc');
const HEADER = MAGIC.length + 8;
export const SWAY_IPC = { runCommand: 0, getTree: 4, getVersion: 7 } as const;
const TIMEOUT_MS = 3000;

export function swayRequest(socketPath: string, type: number, payload = ''): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    let buffer = Buffer.alloc(0);
    const timer = setTimeout(() => fail(new Error('sway IPC did not answer')), TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(error);
    };
    socket.on('error', fail);
    socket.on('connect', () => {
      const body = Buffer.from(payload, 'utf8');
      const header = Buffer.alloc(HEADER);
      MAGIC.copy(header);
      header.writeUInt32LE(body.length, MAGIC.length);
      header.writeUInt32LE(type, MAGIC.length + 4);
      socket.write(Buffer.concat([header, body]));
    });
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (buffer.length < HEADER) return;
      const length = buffer.readUInt32LE(MAGIC.length);
      if (buffer.length < HEADER + length) return;
      clearTimeout(timer);
      socket.destroy();
      try {
        resolve(JSON.parse(buffer.subarray(HEADER, HEADER + length).toString('utf8')));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

export interface SwayWindow {
  conId: number;
  pid: number;
  title: string;
  appId: string | null;
  focused: boolean;
  rect: { x: number; y: number; width: number; height: number };
  /** "xdg_shell" (native) or "xwayland". */
  shell: string;
}

interface SwayNode {
  id?: number;
  pid?: number;
  name?: string | null;
  app_id?: string | null;
  focused?: boolean;
  shell?: string;
  rect?: { x: number; y: number; width: number; height: number };
  nodes?: SwayNode[];
  floating_nodes?: SwayNode[];
}

/** Every client window (views have a pid) of the tree. */
export async function swayWindows(socketPath: string): Promise<SwayWindow[]> {
  const tree = (await swayRequest(socketPath, SWAY_IPC.getTree)) as SwayNode;
  const out: SwayWindow[] = [];
  const walk = (node: SwayNode) => {
    if (typeof node.pid === 'number' && node.rect) {
      out.push({
        conId: node.id ?? 0,
        pid: node.pid,
        title: node.name ?? '',
        appId: node.app_id ?? null,
        focused: node.focused === true,
        rect: node.rect,
        shell: node.shell ?? '',
      });
    }
    for (const child of [...(node.nodes ?? []), ...(node.floating_nodes ?? [])]) walk(child);
  };
  walk(tree);
  return out;
}
