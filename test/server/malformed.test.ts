/**
 * Malformed-but-JSON requests get the right JSON-RPC error over both real transports: the built
 * CLI on stdio (where the SDK transport used to drop them and the client waited forever) and
 * Streamable HTTP (where they got -32700).
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHttpServer, type RunningHttpServer } from '../../src/server/http.js';
import { startDemoServer, type DemoServer } from '../helpers/demoServer.js';
import { INITIALIZE, rawPost, rawSession } from '../helpers/rawHttp.js';

const CLI = join(resolve(import.meta.dirname, '../..'), 'dist/src/cli.js');

/** [line, expected id of the answer, expected code] */
const PROBES: Array<[string, number | null, number]> = [
  ['{"jsonrpc":"2.0","id":2,"method":"ping","params":{"_meta":5}}', 2, -32600],
  ['{"jsonrpc":"2.0","id":3,"method":"ping","params":[1]}', 3, -32600],
  ['{"jsonrpc":"1.0","id":4,"method":"ping"}', 4, -32600],
  ['{"jsonrpc":"2.0","id":1.5,"method":"ping"}', null, -32600],
  ['{"jsonrpc":"2.0","id":null,"method":"ping"}', null, -32600],
  ['{"jsonrpc":"2.0","id":7,"method":5}', 7, -32600],
  ['[]', null, -32600],
  ['42', null, -32600],
  ['{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":5,"arguments":{}}}', 8, -32602],
  ['{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"w1__edit_field","arguments":[1]}}', 9, -32602],
  ['{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"w1__edit_field","arguments":"x"}}', 10, -32602],
  [
    '{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"w1__edit_field","arguments":{"__proto__":{"a":1},"field":"amount","value":"$1.00"}}}',
    11,
    -32602,
  ],
  ['{not json', null, -32700],
];

interface Answer {
  id: number | string | null;
  error?: { code: number; message: string };
}

describe('malformed requests over stdio (the built CLI)', () => {
  test('every probe gets exactly one answer with the right code; the session keeps working', async () => {
    const server = spawn(process.execPath, [CLI, 'serve', '--demo', '--log-level', 'error'], { stdio: ['pipe', 'pipe', 'ignore'] });
    const answers: Answer[] = [];
    const waiters: Array<() => void> = [];
    createInterface({ input: server.stdout }).on('line', (line) => {
      answers.push(JSON.parse(line) as Answer);
      for (const wake of waiters.splice(0)) wake();
    });
    const until = async (done: () => boolean) => {
      while (!done()) await new Promise<void>((wake) => waiters.push(wake));
    };
    server.stdin.write(`${JSON.stringify(INITIALIZE)}\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n`);
    await until(() => answers.length === 1);
    for (const [line] of PROBES) server.stdin.write(`${line}\n`);
    server.stdin.write('{"jsonrpc":"2.0","id":"last","method":"ping"}\n');
    await until(() => answers.some((a) => a.id === 'last'));
    const probeAnswers = answers.slice(1).filter((a) => a.id !== 'last');
    expect(probeAnswers.map((a) => [a.id, a.error?.code])).toEqual(PROBES.map(([, id, code]) => [id, code]));
    for (const a of probeAnswers) expect(a.error?.message).not.toMatch(/invalid_type|"path"|ZodError/);
    const exited = new Promise<number | null>((done) => server.on('exit', (code) => done(code)));
    server.stdin.end(); // EOF ends the session and the process
    expect(await exited).toBe(0);
  });
});

describe('malformed requests over Streamable HTTP', () => {
  let demo: DemoServer;
  let http: RunningHttpServer;
  beforeAll(async () => {
    demo = await startDemoServer();
    http = await startHttpServer(demo.hub, { port: 0 });
  });
  afterAll(async () => {
    await http.close();
    await demo.close();
  });

  test('inside a session: the right code and id (400, or 200 for bad params of a valid request), never 202', async () => {
    const session = await rawSession(http.port);
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' };
    for (const [line, id, code] of PROBES) {
      const res = await rawPost(http.port, line, headers);
      expect([line, res.status]).toEqual([line, code === -32602 ? 200 : 400]);
      expect([line, JSON.parse(res.body)]).toMatchObject([line, { id, error: { code } }]);
    }
    const ping = await rawPost(http.port, '{"jsonrpc":"2.0","id":"last","method":"ping"}', headers);
    expect(ping.status).toBe(200);
    expect(ping.body).toContain('"id":"last"');
  });

  test('without a session the same probes are answered too', async () => {
    for (const [line, , code] of PROBES) {
      const res = await rawPost(http.port, line);
      expect(res.status).toBe(code === -32602 ? 200 : 400);
      expect(JSON.parse(res.body).error.code).toBe(code);
    }
  });
});
