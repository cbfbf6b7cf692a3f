/** Raw HTTP requests to an MCP endpoint, for probes a real SDK client would never send. */
import { request } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

export function rawPost(port: number, body: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        agent: false,
        headers: {
          host: `127.0.0.1:${port}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    // A server that refuses a large body answers early and hangs up: the rest of our write fails.
    req.on('socket', (socket) => socket.on('error', () => undefined));
    req.end(body);
  });
}

/** Opens a session with a raw initialize (+ initialized); returns its id. */
export async function rawSession(port: number, headers: Record<string, string> = {}): Promise<string> {
  const init = await rawPost(port, JSON.stringify(INITIALIZE), headers);
  const id = init.headers['mcp-session-id'];
  if (init.status !== 200 || typeof id !== 'string') throw new Error(`initialize failed: ${init.status} ${init.body}`);
  const sessionHeaders = { ...headers, 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' };
  await rawPost(port, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), sessionHeaders);
  return id;
}
