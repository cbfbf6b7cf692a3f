/**
 * Reading a POST body with limits: tool calls may carry large values (up to MAX_TOOL_BODY_BYTES);
 * every other request is small by nature (MAX_BODY_BYTES), so a large initialize or list request
 * is refused before it costs memory.
 */
import type { IncomingMessage } from 'node:http';

export const MAX_TOOL_BODY_BYTES = 4 * 1024 * 1024;
export const MAX_BODY_BYTES = 64 * 1024;

export type BodyResult = { ok: true; value: unknown } | { ok: false; status: 400 | 413; code: number; message: string };

const TOO_LARGE = (limit: number): BodyResult => ({
  ok: false,
  status: 413,
  code: -32600,
  message: `Request body too large: at most ${limit} bytes (${MAX_TOOL_BODY_BYTES} for tools/call).`,
});

export async function readBody(req: IncomingMessage): Promise<BodyResult> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_TOOL_BODY_BYTES) return TOO_LARGE(MAX_TOOL_BODY_BYTES);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_TOOL_BODY_BYTES) return TOO_LARGE(MAX_TOOL_BODY_BYTES);
    chunks.push(chunk as Buffer);
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return { ok: false, status: 400, code: -32700, message: 'Parse error: the body is not JSON.' };
  }
  if (size > MAX_BODY_BYTES && !onlyToolCalls(value)) return TOO_LARGE(MAX_BODY_BYTES);
  return { ok: true, value };
}

function onlyToolCalls(value: unknown): boolean {
  const messages = Array.isArray(value) ? value : [value];
  return messages.every((m) => m !== null && typeof m === 'object' && (m as { method?: unknown }).method === 'tools/call');
}
