/**
 * sway's IPC socket (i3-ipc framing: "i3-ipc", u32 length, u32 type, JSON), one request per
 * connection. Used where the Wayland protocols have no answer: waiting for a launched process's
 * window (the tree carries pids) and a window's rectangle for screenshots. sway only: other
 * compositors simply have no SWAYSOCK.
 */
import { createConnection } from 'node:net';

const MAGIC = Buffer.from('i3-ipc');
const HEADER = MAGIC.length + 8;
export const SWAY_IPC = { runCommand: 0, getOutputs: 3, getTree: 4, getVersion: 7, getSeats: 101 } as const;
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
  rect: Box;
  /** The client's own area (without sway's border and title bar), in layout coordinates. */
  content: Box;
  /** "xdg_shell" (native) or "xwayland". */
  shell: string;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface SwayNode {
  id?: number;
  pid?: number;
  name?: string | null;
  app_id?: string | null;
  focused?: boolean;
  shell?: string;
  rect?: Box;
  window_rect?: Box;
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
        content: node.window_rect
          ? { x: node.rect.x + node.window_rect.x, y: node.rect.y + node.window_rect.y, width: node.window_rect.width, height: node.window_rect.height }
          : node.rect,
        shell: node.shell ?? '',
      });
    }
    for (const child of [...(node.nodes ?? []), ...(node.floating_nodes ?? [])]) walk(child);
  };
  walk(tree);
  return out;
}

/** The box around all active outputs: the output layout, in which pointer positions are given. */
export async function swayLayout(socketPath: string): Promise<Box> {
  const outputs = (await swayRequest(socketPath, SWAY_IPC.getOutputs)) as Array<{ active?: boolean; rect?: Box }>;
  const rects = outputs.filter((o) => o.active !== false && o.rect).map((o) => o.rect as Box);
  if (rects.length === 0) throw new Error('the compositor has no active output');
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  const right = Math.max(...rects.map((r) => r.x + r.width));
  const bottom = Math.max(...rects.map((r) => r.y + r.height));
  return { x, y, width: right - x, height: bottom - y };
}

/** The view of process `pid` titled `title`; by title alone without a pid, by pid alone when no title matches. */
export function findView(windows: SwayWindow[], pid: number | null, title: string): SwayWindow | undefined {
  return windows.find((w) => (pid === null || w.pid === pid) && w.title === title) ?? (pid === null ? undefined : windows.find((w) => w.pid === pid));
}

/** wl_seat's capability bit of a pointer. */
const POINTER_CAPABILITY = 1;

/** Whether any seat of the compositor has a pointer (a mouse, a touchpad) before ours is added. */
export async function swaySeatsHavePointer(socketPath: string): Promise<boolean> {
  const seats = (await swayRequest(socketPath, SWAY_IPC.getSeats)) as Array<{ capabilities?: number }>;
  return seats.some((seat) => ((seat.capabilities ?? 0) & POINTER_CAPABILITY) !== 0);
}
