/**
 * The SDK `Server` keeps what a client sends at initialize (capabilities, clientInfo) for the
 * whole session. A client can send megabytes there; with many sessions that is a memory attack.
 * We pass on only what the server reads: the capabilities it checks before sending requests
 * (roots, sampling, elicitation, tasks), each bounded, and short clientInfo strings.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const USED_CAPABILITIES = ['roots', 'sampling', 'elicitation', 'tasks'] as const;
/** A capability larger than this keeps only its sub-flags (their values become {}). */
const MAX_CAPABILITY_BYTES = 2048;
const MAX_INFO_CHARS = 256;

export function trimInitialize(message: JSONRPCMessage): JSONRPCMessage {
  if (!('method' in message) || message.method !== 'initialize' || !('id' in message)) return message;
  const params = message.params as Record<string, unknown> | undefined;
  if (!params) return message;
  return { ...message, params: { ...params, capabilities: trimCapabilities(params.capabilities), clientInfo: trimClientInfo(params.clientInfo) } };
}

function trimCapabilities(value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!isObject(value)) return out;
  for (const name of USED_CAPABILITIES) {
    const capability = value[name];
    if (!isObject(capability)) continue;
    out[name] = JSON.stringify(capability).length <= MAX_CAPABILITY_BYTES ? capability : flagsOf(capability);
  }
  return out;
}

function flagsOf(capability: Record<string, unknown>): Record<string, unknown> {
  const flags: Record<string, unknown> = {};
  for (const key of Object.keys(capability).slice(0, 16)) {
    if (key.length <= 64) flags[key] = typeof capability[key] === 'boolean' ? capability[key] : {};
  }
  return flags;
}

function trimClientInfo(value: unknown): Record<string, string> {
  const info = isObject(value) ? value : {};
  const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, MAX_INFO_CHARS) : '');
  const out: Record<string, string> = { name: text(info.name), version: text(info.version) };
  if (typeof info.title === 'string') out.title = text(info.title);
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
