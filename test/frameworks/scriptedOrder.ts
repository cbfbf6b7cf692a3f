/**
 * The task every framework test runs: the example's scripted agent against a fresh --stable-tools
 * server, with the tools fetched before the run. Step 2 opens an order window and later steps
 * operate it and the dialog it opens; every call succeeds, the order is placed, and tools/list is
 * byte-identical before and after.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { AgentRun } from '../../examples/scripted/orderTask.js';
import { startStableServer, type StableServer } from './stableServer.js';

export function testScriptedOrder(title: string, runAgent: (target: { url: string }) => Promise<AgentRun>): void {
  let server: StableServer;
  beforeEach(async () => {
    server = await startStableServer();
  });
  afterEach(async () => {
    await server.close();
  });

  test(title, async () => {
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
}
