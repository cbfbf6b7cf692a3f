/**
 * The official Server's check of a Computer's `client:*` reply, as python-sdk
 * a2c_smcp/server/namespace.py `_relay_client_call` does it with pydantic: a flat ErrorPayload
 * (`is_protocol_error_payload`) is validated as `ErrorPayload`, anything else as the event's `*Ret`
 * TypedDict; unknown keys are dropped silently, a missing required key raises (the agent then gets
 * no answer). `client:tool_call` is relayed unvalidated; we check it with the MCP SDK's
 * CallToolResult schema, as the official Agent does.
 */
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { CLIENT_EVENTS, ErrorPayload, isProtocolErrorPayload, REPLY_SCHEMAS } from '../../../src/a2c/schemas/index.js';

export interface OfficialCheck {
  /** What the official Server relays to the agent (null when it raises). */
  relayed: unknown;
  /** Why validation failed: the official Server raises and the agent gets no answer. */
  error: string | null;
  /** Key paths the Computer sent that validation dropped (information the agent never sees). */
  dropped: string[];
}

export function officialCheck(event: string, reply: unknown): OfficialCheck {
  if (event === CLIENT_EVENTS.toolCall) {
    const parsed = CallToolResultSchema.safeParse(reply);
    return { relayed: reply, error: parsed.success ? null : describe(parsed.error), dropped: [] };
  }
  const schema: z.ZodType | undefined = isProtocolErrorPayload(reply) ? ErrorPayload : REPLY_SCHEMAS[event];
  if (!schema) return { relayed: null, error: `no official schema for ${event}`, dropped: [] };
  const parsed = schema.safeParse(reply);
  if (!parsed.success) return { relayed: null, error: describe(parsed.error), dropped: [] };
  return { relayed: parsed.data, error: null, dropped: droppedPaths(reply, parsed.data) };
}

/** Paths present in `sent` and missing from `kept` (objects compared key by key, arrays by index). */
export function droppedPaths(sent: unknown, kept: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((item, i) => droppedPaths(item, kept[i], `${path}[${i}]`));
  if (!isObject(sent) || !isObject(kept)) return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    return key in kept ? droppedPaths(value, kept[key], at) : [at];
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
}
