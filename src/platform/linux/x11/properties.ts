/** Typed reads of X window properties (ICCCM / EWMH encodings). */
import type { X11Connection } from './connection.js';
import type { XPropertyReply } from './xmodule.js';

const ANY_PROPERTY_TYPE = 0;
/** In 32-bit units: 256 KiB, far more than any title or client list. */
const MAX_PROPERTY_LENGTH = 1 << 16;

/** The raw property, or null when the window has no such property. */
export async function readProperty(conn: X11Connection, wid: number, name: string): Promise<XPropertyReply | null> {
  const atom = await conn.atom(name);
  const reply = await conn.request<XPropertyReply>(`GetProperty ${name} of 0x${wid.toString(16)}`, (cb) =>
    conn.client.GetProperty(0, wid, atom, ANY_PROPERTY_TYPE, 0, MAX_PROPERTY_LENGTH, cb),
  );
  return reply.type === 0 ? null : reply;
}

/** 32-bit values (CARDINAL, WINDOW, ATOM lists); [] when absent or of another format. */
export async function readCardinals(conn: X11Connection, wid: number, name: string): Promise<number[]> {
  const reply = await readProperty(conn, wid, name);
  if (!reply || reply.format !== 32) return [];
  const values: number[] = [];
  for (let offset = 0; offset + 4 <= reply.data.length; offset += 4) values.push(reply.data.readUInt32LE(offset));
  return values;
}

/**
 * Text: UTF8_STRING as UTF-8; STRING (and COMPOUND_TEXT, whose ASCII subset is Latin-1) as
 * Latin-1, as ICCCM defines. Null when absent.
 */
export async function readText(conn: X11Connection, wid: number, name: string): Promise<string | null> {
  const reply = await readProperty(conn, wid, name);
  if (!reply || reply.format !== 8) return null;
  const utf8 = await conn.atom('UTF8_STRING');
  return reply.data.toString(reply.type === utf8 ? 'utf8' : 'latin1');
}

/** NUL-separated string lists (WM_CLASS): [] when absent. */
export async function readStringList(conn: X11Connection, wid: number, name: string): Promise<string[]> {
  const text = await readText(conn, wid, name);
  if (text === null) return [];
  const parts = text.split('\0');
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** Atom lists resolved to names (`_NET_WM_STATE`, `_NET_WM_WINDOW_TYPE`). */
export async function readAtomNames(conn: X11Connection, wid: number, name: string): Promise<string[]> {
  const atoms = await readCardinals(conn, wid, name);
  return Promise.all(atoms.map((atom) => conn.atomName(atom)));
}
