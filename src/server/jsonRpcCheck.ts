/**
 * Checks every incoming JSON value before an SDK transport sees it, so that each malformed request
 * gets an answer. The SDK transports drop what their schema rejects (stdio: silently, the client
 * waits forever) or answer it with -32700 (HTTP), although the JSON parsed: JSON-RPC 2.0 §5.1 says
 * such a message is an Invalid Request (-32600) and bad params are -32602. Error messages name the
 * problem and the path, never a value (a value may be a secret: P-SENS-1).
 */
import { ClientRequestSchema, ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';

export interface RpcErrorMessage {
  jsonrpc: '2.0';
  id: RequestId | null;
  error: { code: number; message: string };
}

export type CheckResult = { ok: true; messages: JSONRPCMessage[]; batch: boolean } | { ok: false; errors: RpcErrorMessage[] };

/** Own keys that would rewrite a prototype once copied by assignment (zod records, spreads). */
const FORBIDDEN_ARGUMENT_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

type AnyObjectSchema = z.ZodType<unknown>;
const REQUEST_SCHEMAS = new Map<string, AnyObjectSchema>(
  ClientRequestSchema.options.map((schema) => [schema.shape.method.value, schema as unknown as AnyObjectSchema]),
);

export function rpcError(id: RequestId | null, code: number, message: string): RpcErrorMessage {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/** One message or a batch, parsed from JSON already. */
export function checkIncoming(value: unknown): CheckResult {
  if (!Array.isArray(value)) {
    const one = checkMessage(value);
    return one.ok ? { ok: true, messages: [one.message], batch: false } : { ok: false, errors: [one.error] };
  }
  if (value.length === 0) return { ok: false, errors: [rpcError(null, ErrorCode.InvalidRequest, 'Invalid Request: empty batch.')] };
  const messages: JSONRPCMessage[] = [];
  const errors: RpcErrorMessage[] = [];
  for (const item of value) {
    const one = checkMessage(item);
    if (one.ok) messages.push(one.message);
    else errors.push(one.error);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, messages, batch: true };
}

type MessageCheck = { ok: true; message: JSONRPCMessage } | { ok: false; error: RpcErrorMessage };

function checkMessage(value: unknown): MessageCheck {
  const invalid = (id: RequestId | null, why: string): MessageCheck => ({
    ok: false,
    error: rpcError(id, ErrorCode.InvalidRequest, `Invalid Request: ${why}.`),
  });
  if (!isPlainObject(value)) return invalid(null, 'a JSON-RPC message must be an object');
  const hasId = Object.hasOwn(value, 'id');
  const id = hasId && isValidId(value.id) ? value.id : null;
  if (hasId && id === null) return invalid(null, '"id" must be a string or an integer');
  if (value.jsonrpc !== '2.0') return invalid(id, '"jsonrpc" must be "2.0"');
  if (Object.hasOwn(value, 'method')) {
    if (typeof value.method !== 'string') return invalid(id, '"method" must be a string');
    if (value.params !== undefined) {
      if (!isPlainObject(value.params)) return invalid(id, '"params" must be an object');
      if (value.params._meta !== undefined && !isPlainObject(value.params._meta)) return invalid(id, '"params._meta" must be an object');
    }
    if (hasId) {
      const problem = paramsProblem(value.method, value.params);
      if (problem) return { ok: false, error: rpcError(id, ErrorCode.InvalidParams, `Invalid params: ${problem}.`) };
    }
  } else if (!hasId) {
    return invalid(null, 'a message needs a "method" (request, notification) or an "id" (response)');
  }
  const parsed = JSONRPCMessageSchema.safeParse(value);
  if (!parsed.success) return invalid(id, 'not a well-formed JSON-RPC request, notification or response');
  // The parsed copy drops unknown keys and may lose "__proto__": pass the original on.
  return { ok: true, message: value as JSONRPCMessage };
}

/** Params of a method the server knows, checked with the SDK's own schema (-32602, not -32603). */
function paramsProblem(method: string, params: Record<string, unknown> | undefined): string | undefined {
  if (method === 'tools/call' && params && isPlainObject(params.arguments)) {
    const bad = Object.keys(params.arguments).find((key) => FORBIDDEN_ARGUMENT_NAMES.has(key));
    if (bad) return `argument name "${bad}" is not allowed`;
  }
  const schema = REQUEST_SCHEMAS.get(method);
  if (!schema) return undefined; // unknown methods get -32601 from the SDK
  const parsed = schema.safeParse(params === undefined ? { method } : { method, params });
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0] as z.core.$ZodIssue;
  const path = issue.path.map(String).join('.') || 'params';
  const expected = issue.code === 'invalid_type' ? (issue.expected === 'record' ? 'object' : issue.expected) : undefined;
  return `${path} ${expected ? `must be ${expected}` : 'is invalid'}`;
}

function isValidId(id: unknown): id is RequestId {
  return typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
