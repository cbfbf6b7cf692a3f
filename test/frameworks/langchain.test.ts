/**
 * LangChain (`langchain` createAgent with `@langchain/mcp-adapters` tools, pinned dev dependencies)
 * against --stable-tools over Streamable HTTP: tools loaded once before the run, step 2 opens an
 * order window, later steps operate it and the dialog it opens (examples/langchain/agent.ts,
 * scripted with LangChain's fakeModel). Every call succeeds, the order is placed, and tools/list
 * is byte-identical before and after.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { runAgent } from '../../examples/langchain/agent.js';
import { startStableServer, type StableServer } from './stableServer.js';

let server: StableServer;
beforeEach(async () => {
  server = await startStableServer();
});
afterEach(async () => {
  await server.close();
});

test('a LangChain agent operates windows opened during the run', async () => {
  const run = await runAgent({ url: server.url });
  expect(run.calls.filter((c) => c.isError)).toEqual([]);
  expect(run.calls.map((c) => (c.tool === 'act' ? `act ${(c.input as { action: string }).action}` : c.tool))).toEqual([
    'read_windows',
    'act new_order',
    'act edit_field',
    'act edit_field',
    'act submit',
    'read_windows',
    'act confirm',
  ]);
  expect(run.answer).toMatch(/^Order placed/);
  expect(server.submittedOrders()).toHaveLength(1);
  expect(run.toolsBefore).toContain('"read_windows"');
  expect(run.toolsAfter).toBe(run.toolsBefore);
});
