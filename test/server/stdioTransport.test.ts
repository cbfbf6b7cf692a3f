/** Our stdio transport: line framing, an answer for every bad line, close on EOF or a dead stdout. */
import { PassThrough } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, test } from 'vitest';
import { LineStdioTransport, MAX_STDIO_LINE_BYTES } from '../../src/server/stdioTransport.js';

function rig() {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new LineStdioTransport(input, output);
  const received: JSONRPCMessage[] = [];
  const written: Array<{ id: unknown; error?: { code: number } }> = [];
  let closed = 0;
  transport.onmessage = (m) => void received.push(m);
  transport.onclose = () => void closed++;
  output.on('data', (c: Buffer) => {
    for (const line of c.toString().split('\n').filter(Boolean)) written.push(JSON.parse(line));
  });
  return { input, output, transport, received, written, closed: () => closed };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('LineStdioTransport', () => {
  test('messages split across chunks and CRLF lines arrive whole; blank lines are ignored', async () => {
    const { input, transport, received } = rig();
    await transport.start();
    input.write('{"jsonrpc":"2.0","id":1,');
    input.write('"method":"ping"}\r\n\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n{"jsonrpc"');
    input.write(':"2.0","method":"notifications/initialized"}\n');
    await tick();
    expect(received).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ]);
  });

  test('a line over the limit is refused with -32600 and skipped; the next one is served', async () => {
    const { input, transport, received, written } = rig();
    await transport.start();
    input.write(`{"x":"${'a'.repeat(MAX_STDIO_LINE_BYTES)}`);
    input.write('still the same line"}\n{"jsonrpc":"2.0","id":3,"method":"ping"}\n');
    await tick();
    expect(written).toMatchObject([{ id: null, error: { code: -32600 } }]);
    expect(received).toEqual([{ jsonrpc: '2.0', id: 3, method: 'ping' }]);
  });

  test('stdin EOF closes the transport once', async () => {
    const { input, transport, closed } = rig();
    await transport.start();
    input.end();
    await tick();
    expect(closed()).toBe(1);
    await transport.close();
    expect(closed()).toBe(1);
  });

  test('requests sent before a half close are answered, then the transport closes', async () => {
    const { input, transport, closed, written } = rig();
    await transport.start();
    input.end('{"jsonrpc":"2.0","id":7,"method":"ping"}\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    await tick();
    expect(closed()).toBe(0); // request 7 still waits for its answer
    await transport.send({ jsonrpc: '2.0', id: 7, result: {} });
    await tick();
    await tick();
    expect(written).toMatchObject([{ id: 7 }]);
    expect(closed()).toBe(1);
  });

  test('an error on stdout (the client went away) closes instead of crashing', async () => {
    const { output, transport, closed } = rig();
    let reported = '';
    transport.onerror = (e) => void (reported = e.message);
    await transport.start();
    output.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    await tick();
    expect(closed()).toBe(1);
    expect(reported).toBe('write EPIPE');
  });
});
