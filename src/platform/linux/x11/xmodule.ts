/**
 * The pure-JS `x11` package, typed for the requests this project uses. The package ships no type
 * declarations, so it is loaded through `createRequire` and described here (no ambient module
 * declaration that could clash with another one).
 */
import { createRequire } from 'node:module';
import { readServerHello } from './serverHello.js';

/** An X protocol error as the package reports it (`error` = X error code). */
export interface XProtocolError extends Error {
  error: number;
  badParam?: number;
  majorOpcode?: number;
  minorOpcode?: number;
}

/** Callbacks return true to mark an error handled; otherwise the client emits 'error'. */
export type XCallback<T> = (error: XProtocolError | null | undefined, result: T) => boolean | void;

export interface XPropertyReply {
  type: number;
  format: number;
  bytesAfter: number;
  data: Buffer;
}

export interface XGeometryReply {
  depth: number;
  windowid: number;
  xPos: number;
  yPos: number;
  width: number;
  height: number;
  borderWidth: number;
}

export interface XTranslateReply {
  sameScreen: number;
  child: number;
  destX: number;
  destY: number;
}

export interface XImageReply {
  depth: number;
  visualId: number;
  data: Buffer;
}

/** An event as the package parses it; only the fields this project reads are typed. */
export interface XEvent {
  type: number;
  name?: string;
  wid?: number;
  atom?: number;
  state?: number;
  window?: number;
  event?: number;
}

export interface XClient {
  /** The socket: 'close' also comes after a reset, when 'end' does not. */
  stream: { on(event: 'close', listener: () => void): unknown };
  on(event: 'event', listener: (event: XEvent) => void): this;
  on(event: 'error', listener: (error: XProtocolError) => void): this;
  on(event: 'end', listener: () => void): this;
  removeListener(event: string, listener: (...args: never[]) => void): this;
  InternAtom(onlyIfExists: boolean, name: string, cb: XCallback<number>): void;
  GetAtomName(atom: number, cb: XCallback<string>): void;
  GetProperty(del: number, wid: number, name: number, type: number, offset: number, length: number, cb: XCallback<XPropertyReply>): void;
  GetGeometry(drawable: number, cb: XCallback<XGeometryReply>): void;
  TranslateCoordinates(src: number, dst: number, x: number, y: number, cb: XCallback<XTranslateReply>): void;
  GetInputFocus(cb: XCallback<{ focus: number; revertTo: number }>): void;
  GetImage(format: number, drawable: number, x: number, y: number, width: number, height: number, planeMask: number, cb: XCallback<XImageReply>): void;
  GetKeyboardMapping(first: number, count: number, cb: XCallback<number[][]>): void;
  ChangeKeyboardMapping(first: number, keysymsPerKeycode: number, keysyms: number[]): void;
  ChangeWindowAttributes(wid: number, values: { eventMask: number }, cb?: XCallback<void>): void;
  SendClientMessage(destination: number, wid: number, type: number, format: number, data: number[], cb?: XCallback<void>): void;
  require(name: string, cb: (error: Error | null, ext: unknown) => void): void;
  close(cb?: (error?: Error) => void): void;
  terminate(): void;
}

export interface XScreen {
  root: number;
  pixel_width: number;
  pixel_height: number;
  root_depth: number;
}

export interface XDisplay {
  client: XClient;
  screen: XScreen[];
  min_keycode: number;
  max_keycode: number;
  format: Record<number, { bits_per_pixel: number; scanline_pad: number }>;
  image_byte_order: number;
}

interface X11Package {
  createClient(
    options: { display?: string; bufferRequests?: boolean | { flushOnReply?: boolean; maxDelay?: number } },
    cb: (error: Error | null, display: XDisplay) => void,
  ): XClient & { on(event: 'error', l: (e: Error) => void): unknown };
  eventMask: Record<string, number>;
  keySyms: Record<string, { code: number; description: string | null }>;
}

const requirePackage = createRequire(import.meta.url);
export const x11: X11Package = requirePackage('x11') as X11Package;

/**
 * The package reads the server's setup reply through this module's `readServerHello`, looked up
 * at each connection: ours reads it in one pass (serverHello.ts: the package's is quadratic in
 * the server's visuals, about 45 ms on Xvfb). Only when the package still has that function.
 */
const handshake = requirePackage('x11/lib/handshake') as { readServerHello?: unknown };
if (typeof handshake.readServerHello === 'function') handshake.readServerHello = readServerHello;

/**
 * The package caches interned atoms in its module-level table of standard atoms, which every
 * client shares: a connection to a second X server (another desktop in the same process) would
 * be handed the first server's atom ids ("Bad atom"). Each connection gets its own copy of the
 * table as it was when the package loaded.
 */
const STANDARD_ATOMS: Readonly<Record<string, number>> = { ...(requirePackage('x11/lib/stdatoms') as Record<string, number>) };

export function isolateAtomCache(client: XClient): void {
  const caches = client as unknown as { atoms: Record<string, number>; atom_names: Record<number, string> };
  caches.atoms = { ...STANDARD_ATOMS };
  caches.atom_names = Object.fromEntries(Object.entries(STANDARD_ATOMS).map(([name, atom]) => [atom, name]));
}

/** X error codes this project tells apart (X11 protocol, chapter "Errors"). */
export const X_ERROR = { BadWindow: 3, BadAtom: 5, BadMatch: 8, BadDrawable: 9, BadValue: 2 } as const;
