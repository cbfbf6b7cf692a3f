/**
 * Server-sent events read with fetch() streaming, so that the token travels in the
 * Authorization header (EventSource cannot send headers, and a token in the URL would leak into
 * logs and history).
 */

export interface StreamHandlers {
  event(name: string, data: unknown): void;
  /** The server refused the token (401): ask the owner for it. */
  unauthorized(): void;
  status(text: string): void;
}

export function authHeaders(token: string | null): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Reads `url` until aborted, reconnecting after a dropped connection. */
export async function followEvents(url: string, token: string | null, handlers: StreamHandlers, signal: AbortSignal): Promise<void> {
  let delay = 500;
  while (!signal.aborted) {
    try {
      const response = await fetch(url, { headers: { Accept: 'text/event-stream', ...authHeaders(token) }, signal, cache: 'no-store' });
      if (response.status === 401) return handlers.unauthorized();
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      handlers.status('live');
      delay = 500;
      await readEvents(response.body, handlers);
      handlers.status('reconnecting…');
    } catch (error) {
      if (signal.aborted) return;
      handlers.status(`disconnected (${error instanceof Error ? error.message : String(error)}), retrying…`);
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 5000);
  }
}

async function readEvents(body: ReadableStream<Uint8Array>, handlers: StreamHandlers): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) name = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (data.length > 0) handlers.event(name, JSON.parse(data.join('\n')));
    }
  }
}
