/**
 * The JSON-lines protocol spoken with the accessibility helpers (the PowerShell UI Automation
 * helper on Windows, the JXA AX helper on macOS). One JSON object per line, UTF-8, both ways:
 *
 *   → {"id":7,"method":"tree","params":{…}}
 *   ← {"id":7,"ok":true,"result":{…}}
 *   ← {"id":7,"ok":false,"error":{"code":"not_found","message":"…"}}
 *   ← {"event":"ready","info":{…}}      once, when the helper can take requests
 *
 * Requests are answered in order; the helper is single-threaded.
 */
import { z } from 'zod';

export const ReadyLineSchema = z.object({
  event: z.literal('ready'),
  info: z.record(z.string(), z.unknown()).optional(),
});

export const ResponseLineSchema = z.union([
  z.object({ id: z.number().int(), ok: z.literal(true), result: z.unknown() }),
  z.object({
    id: z.number().int(),
    ok: z.literal(false),
    error: z.object({ code: z.string(), message: z.string() }),
  }),
]);
export type ResponseLine = z.infer<typeof ResponseLineSchema>;

export type HelperErrorCode =
  /** The helper cannot be started (not installed, not on this OS, gave up after crashes). */
  | 'unavailable'
  /** No answer before the deadline: the helper was stopped and restarts on the next request. */
  | 'timeout'
  /** The helper process died while the request was pending. */
  | 'crashed'
  /** An answer that does not follow the protocol or the method's result schema. */
  | 'protocol'
  /** The helper answered with an error (its own code is in `remoteCode`). */
  | 'remote';

export class HelperError extends Error {
  constructor(
    readonly code: HelperErrorCode,
    message: string,
    readonly remoteCode?: string,
  ) {
    super(message);
    this.name = 'HelperError';
  }
}

export function requestLine(id: number, method: string, params: Record<string, unknown>): string {
  return `${JSON.stringify({ id, method, params })}\n`;
}
