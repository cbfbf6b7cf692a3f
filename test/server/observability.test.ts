/**
 * Observability with real SDK clients: the MCP logging capability (logging/setLevel,
 * notifications/message), time-stamped stderr lines, the audit log (one masked JSON line per
 * call) and progress notifications while a call waits.
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LoggingMessageNotificationSchema, type CallToolResult, type LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, expect, test } from 'vitest';
import { createAuditLog, type AuditEntry } from '../../src/server/audit.js';
import { createToolFilter } from '../../src/server/toolFilter.js';
import { createLogger, LogTap } from '../../src/util/logger.js';
import { startDemoServer, type DemoServer } from '../helpers/demoServer.js';
import { hubWith, memoryClient } from '../helpers/sessionClient.js';

const SECRET = 'Tr0ub4dor&3-audit';
let server: DemoServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

test('logging capability: nothing below warning until the client sets a level, then its level and above', async () => {
  server = await startDemoServer();
  const tap = new LogTap();
  const stderr: string[] = [];
  const log = createLogger({ level: 'error', tap, write: (line) => stderr.push(line) });
  const hub = hubWith(server, { logTap: tap }, log);
  const client = await memoryClient(hub);
  expect(client.getServerCapabilities()?.logging).toEqual({});
  const received: LoggingMessageNotification['params'][] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, async (n) => void received.push(n.params));

  await memoryClient(hub, {}, 'second'); // logs "connection opened" at debug
  log.warn('disk almost full');
  await client.setLoggingLevel('debug');
  await memoryClient(hub, {}, 'third');
  await client.setLoggingLevel('error');
  log.info('not wanted any more');
  await client.ping(); // notifications before the ping's answer have arrived
  expect(received.map((m) => [m.level, m.data])).toEqual([
    ['warning', 'disk almost full'],
    ['debug', expect.stringMatching(/^connection opened \{"id":3/)],
  ]);
  expect(received.every((m) => m.logger === 'gui-bridge')).toBe(true);
  // stderr keeps its own threshold (error): neither line reached it
  expect(stderr).toEqual([]);
  hub.close();
});

test('stderr lines start with an ISO time stamp', () => {
  const lines: string[] = [];
  const log = createLogger({ level: 'debug', write: (l) => lines.push(l), now: () => new Date('2026-01-02T03:04:05.678Z') });
  log.info('hello', { n: 1 });
  expect(lines).toEqual(['2026-01-02T03:04:05.678Z [gui-bridge] info: hello {"n":1}']);
});

test('audit log: one JSON line per call with client, masked arguments, result code and duration', async () => {
  server = await startDemoServer();
  const path = join(mkdtempSync(join(tmpdir(), 'gui-bridge-audit-')), 'audit.jsonl');
  const audit = createAuditLog(path, (error) => {
    throw error;
  });
  const hub = hubWith(server, { audit, filter: createToolFilter({ exclude: ['close'] }) });
  const client = await memoryClient(hub, {}, 'audited-agent');
  await client.callTool({ name: 'w1__edit_field', arguments: { field: 'payment_password', value: SECRET } });
  await client.callTool({ name: 'w2__load_rows', arguments: { offset: 5, limit: 2 } });
  await client.callTool({ name: 'w9__submit', arguments: {} });
  await client.callTool({ name: 'w1__close', arguments: {} });
  await audit.flush();

  const text = readFileSync(path, 'utf8');
  expect(text).not.toContain(SECRET);
  expect(statSync(path).mode & 0o077).toBe(0);
  const entries = text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as AuditEntry);
  expect(entries.map((e) => [e.tool, e.result])).toEqual([
    ['w1__edit_field', 'ok'],
    ['w2__load_rows', 'ok'],
    ['w9__submit', 'window_not_found'],
    ['w1__close', 'denied'],
  ]);
  expect(entries[0]).toMatchObject({
    session: expect.any(Number),
    transport: 'memory',
    client: 'audited-agent',
    arguments: { field: 'payment_password', value: `•••••• (${SECRET.length} chars)` },
    durationMs: expect.any(Number),
  });
  expect(entries[1]?.arguments).toEqual({ offset: 5, limit: 2 });
  expect(Number.isNaN(Date.parse(entries[0]?.time ?? ''))).toBe(false);
  hub.close();
});

test('progress notifications while a call waits, only when the client sent a progressToken', async () => {
  server = await startDemoServer({ effectDelayMs: 1500 }); // the new window appears after 1.5 s
  const hub = hubWith(server, { progressEveryMs: 50 });
  const sent: string[] = [];
  const client = await memoryClient(hub, {}, 'agent', sent);
  const progress: Array<{ progress: number; message?: string }> = [];
  const result = (await client.callTool({ name: 'app__new_report', arguments: {} }, undefined, { onprogress: (p) => void progress.push(p) })) as CallToolResult;
  expect(result.isError).toBeFalsy();
  expect(progress.length).toBeGreaterThan(0);
  expect(progress[0]).toMatchObject({ progress: 1, message: expect.stringMatching(/waiting for app__new_report/) });
  expect(progress.map((p) => p.progress)).toEqual(progress.map((_, i) => i + 1)); // increasing

  expect(sent.filter((m) => m.includes('notifications/progress')).length).toBe(progress.length);
  sent.length = 0;
  await client.callTool({ name: 'app__new_report', arguments: {} });
  expect(sent.some((m) => m.includes('"result"'))).toBe(true);
  expect(sent.filter((m) => m.includes('notifications/progress'))).toEqual([]);
  hub.close();
});
