/** Real SDK clients over Streamable HTTP, with a tap on every byte the server writes. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Socket } from 'node:net';
import { startHttpServer, type HttpOptions, type RunningHttpServer } from '../../src/server/http.js';
import type { SessionHub } from '../../src/server/hub.js';
import { wrapClient, type Recorder, type TestClient } from './demoServer.js';

export interface TappedHttpServer {
  http: RunningHttpServer;
  /** Everything written to any client socket, as text. */
  wire: string[];
}

export async function startTappedHttp(hub: SessionHub, options: Partial<HttpOptions> = {}): Promise<TappedHttpServer> {
  const http = await startHttpServer(hub, { port: 0, ...options });
  const wire: string[] = [];
  http.httpServer.on('connection', (socket: Socket) => {
    const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
    socket.write = ((chunk: unknown, ...rest: unknown[]) => {
      wire.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
      return write(chunk, ...rest);
    }) as Socket['write'];
  });
  return { http, wire };
}

export async function connectHttpClient(url: string, headers: Record<string, string> = {}): Promise<TestClient> {
  const recorder: Recorder = { events: [], bytes: [] };
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  const client = new Client({ name: 'conformance-http', version: '1.0.0' });
  await client.connect(transport);
  return wrapClient(client, recorder);
}
