/**
 * `GUI_BRIDGE_<FLAG>` environment variables for every flag of a command: MCP client
 * configs often set env more easily than args. A flag on the command line wins over its variable.
 * Booleans take 1/true/yes or 0/false/no; repeatable flags take a comma-separated list.
 */
import { UsageError } from './usage.js';

type FlagSpec = { type: 'string' | 'boolean'; multiple?: boolean };
type Values = Record<string, string | boolean | string[] | undefined>;

export function envName(flag: string): string {
  return `GUI_BRIDGE_${flag.toUpperCase().replace(/-/g, '_')}`;
}

export function applyEnvFlags(command: string, flags: Record<string, FlagSpec>, values: Values, env: NodeJS.ProcessEnv = process.env): Values {
  const out: Values = { ...values };
  for (const [flag, spec] of Object.entries(flags)) {
    if (out[flag] !== undefined) continue;
    const name = envName(flag);
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    if (spec.type === 'boolean') out[flag] = parseBoolean(command, name, raw);
    else
      out[flag] = spec.multiple
        ? raw
            .split(',')
            .map((v) => v.trim())
            .filter((v) => v !== '')
        : raw;
  }
  return out;
}

function parseBoolean(command: string, name: string, raw: string): boolean {
  const value = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new UsageError(command, `${name} must be 1/true/yes or 0/false/no, not "${raw}"`);
}
