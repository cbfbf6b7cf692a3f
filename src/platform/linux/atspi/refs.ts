import { AtspiError } from './errors.js';

/** An accessible object on the bus: the application's unique bus name and the object path. */
export interface ObjRef {
  bus: string;
  path: string;
}

/**
 * The opaque `ref` handed out in A11yNode: bus name immediately followed by the object path
 * (":1.42/org/a11y/atspi/accessible/17"). Bus names never contain '/', paths always start with it.
 */
export function formatRef(ref: ObjRef): string {
  return ref.bus + ref.path;
}

export function parseRef(ref: string): ObjRef {
  const slash = typeof ref === 'string' ? ref.indexOf('/') : -1;
  if (slash <= 0) throw new AtspiError('bad_ref', `not an AT-SPI node ref: ${JSON.stringify(String(ref).slice(0, 80))}`);
  return { bus: ref.slice(0, slash), path: ref.slice(slash) };
}

export function fromWire(wire: unknown): ObjRef | null {
  if (!Array.isArray(wire) || typeof wire[0] !== 'string' || typeof wire[1] !== 'string') return null;
  return { bus: wire[0], path: wire[1] };
}
