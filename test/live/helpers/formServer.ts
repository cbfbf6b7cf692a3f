/**
 * A local HTTP server (127.0.0.1 only) that serves the order form (fixtures/web-order.html) and
 * records what the browser submits: the test's truth about the page, independent of the bridge
 * (what the browser itself sent, not what its accessibility tree says).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const FORM = readFileSync(new URL('../fixtures/web-order.html', import.meta.url), 'utf8');
const THANKS = (summary: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Order placed</title></head><body><h1>Order placed</h1><p>${summary}</p></body></html>`;

export interface FormServer {
  /** The form's address. */
  url: string;
  /** Every submission received, oldest first, as name → values. */
  submissions: Record<string, string[]>[];
  close(): Promise<void>;
}

export async function startFormServer(): Promise<FormServer> {
  const submissions: Record<string, string[]>[] = [];
  const server: Server = createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/submit') {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        const fields: Record<string, string[]> = {};
        for (const [name, value] of new URLSearchParams(body)) (fields[name] ??= []).push(value);
        submissions.push(fields);
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(THANKS(`Received ${Object.keys(fields).length} fields.`));
      });
      return;
    }
    response.writeHead(request.url === '/' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(request.url === '/' ? FORM : 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    submissions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
