/**
 * `--audit-log FILE`: one JSON line per tool call — time, session and client, tool,
 * arguments with free text masked (P-SENS-1: a typed value may be a password), result code,
 * duration. Appended with mode 0600; a failing disk never fails the call.
 */
import { appendFile } from 'node:fs/promises';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

export interface AuditEntry {
  time: string;
  session: number;
  transport: string;
  client?: string;
  tool: string;
  arguments: Record<string, unknown>;
  /** "ok", a protocol error code, or "denied" / "declined" for agent controls. */
  result: string;
  durationMs: number;
}

export interface AuditLog {
  record(entry: AuditEntry): void;
  /** Resolves when every line so far is on disk. */
  flush(): Promise<void>;
}

export function createAuditLog(path: string, onError: (error: unknown) => void): AuditLog {
  let chain: Promise<void> = Promise.resolve();
  return {
    record(entry) {
      const line = `${JSON.stringify(entry)}\n`;
      chain = chain.then(() => appendFile(path, line, { mode: 0o600 })).catch(onError);
    },
    flush: () => chain,
  };
}

/**
 * What the audit log and approval questions show of arguments: numbers, booleans and values the
 * input schema enumerates (field names, directions) as they are; any free text as its length.
 */
export function maskArguments(args: unknown, inputSchema: Tool['inputSchema'] | undefined): Record<string, unknown> {
  if (!args || typeof args !== 'object' || Array.isArray(args)) return {};
  const properties = (inputSchema?.properties ?? {}) as Record<string, { enum?: unknown[]; const?: unknown }>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args as Record<string, unknown>)) {
    const schema = properties[key];
    const enumerated = schema?.enum?.includes(value) === true || (schema?.const !== undefined && schema.const === value);
    out[key] = enumerated ? value : maskValue(value);
  }
  return out;
}

function maskValue(value: unknown): unknown {
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (typeof value === 'string') return `•••••• (${value.length} chars)`;
  if (Array.isArray(value)) return value.map(maskValue);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, maskValue(v)]));
  return '••••••';
}
