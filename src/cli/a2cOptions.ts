/** The `--a2c-host` flag, shared by `serve --a2c` and `a2c connect`. */
import { isReverseDomainHost } from '../a2c/windowUri.js';
import { UsageError } from './usage.js';

export const A2C_HOST_HELP = '  --a2c-host HOST        reverse-domain host of the window:// URIs (default: from the application id)';

/** Validates `--a2c-host`; `enabled` is false when the command needs another flag for it. */
export function parseA2cHost(command: string, host: string | undefined, enabled = true): string | undefined {
  if (host === undefined) return undefined;
  if (!enabled) throw new UsageError(command, '--a2c-host needs --a2c');
  if (!isReverseDomainHost(host)) {
    throw new UsageError(command, `--a2c-host must be a lower-case reverse-domain name such as com.example.desktop, not "${host}"`);
  }
  return host;
}
