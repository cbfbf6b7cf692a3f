/**
 * What a bind address exposes. Loopback is reachable from this machine only; anything else is
 * reachable from the network, and the Host check cannot stop a network client (it sets the
 * header itself), so a token is required there.
 */
import { isIP } from 'node:net';

export class ExposureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExposureError';
  }
}

/** 127.0.0.0/8, ::1, ::ffff:127.x and the name localhost. */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || /^(0+:){7}0*1$/.test(bare) || /^::ffff:127\./.test(bare);
  return false;
}

/** Throws when `host` is network-reachable and no (non-empty) token protects it. */
export function assertExposureAllowed(host: string, token: string | undefined): void {
  if (token !== undefined && token.trim() === '') throw new ExposureError('the token is empty: set a real secret, or leave it unset on loopback');
  if (!isLoopbackHost(host) && token === undefined) {
    throw new ExposureError(
      `--host ${host} makes the desktop reachable from the network: set a token with --token T or GUI_BRIDGE_TOKEN=T (clients send "Authorization: Bearer T")`,
    );
  }
}
