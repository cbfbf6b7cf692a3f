/**
 * A Node built-in module loaded the first time it is used, not when the importing module loads.
 * For built-ins that only a rare path needs (hashing and PNG coding for screenshots, D-Bus cookie
 * authentication): `serve` imports those modules to open the desktop, and loading node:crypto
 * and node:zlib costs about 12 ms before the first read (spawn → first read).
 */
import { createRequire } from 'node:module';

const requireBuiltin = createRequire(import.meta.url);

/** `lazyBuiltin<typeof Zlib>('node:zlib')()` is node:zlib, loaded on that first call. */
export function lazyBuiltin<T>(name: `node:${string}`): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireBuiltin(name) as T);
}
