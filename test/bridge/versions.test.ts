/** P-CONC-1, P-ID-1/2, D-5: versions bump exactly when summary or blocks change, never on reads. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { ProtocolWindow, Snapshot } from '../../src/protocol/schemas.js';
import { startDemoServer } from '../helpers/demoServer.js';

type Op =
  | { kind: 'userEdit'; field: 'recipient' | 'amount'; value: string; target: number }
  | { kind: 'agentEdit'; field: 'recipient' | 'amount'; value: string; target: number }
  | { kind: 'read' }
  | { kind: 'loadRows'; offset: number }
  | { kind: 'focus'; target: number }
  | { kind: 'newReport' }
  | { kind: 'closeLast' }
  | { kind: 'preferences' };

const value = fc.constantFrom('', 'Alice', 'Bob', '$5.00', '$100.00');
const field = fc.constantFrom('recipient' as const, 'amount' as const);
const target = fc.nat({ max: 5 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('userEdit' as const), field, value, target }),
  fc.record({ kind: fc.constant('agentEdit' as const), field, value, target }),
  fc.constant({ kind: 'read' as const }),
  fc.record({ kind: fc.constant('loadRows' as const), offset: fc.nat({ max: 49_999 }) }),
  fc.record({ kind: fc.constant('focus' as const), target }),
  fc.constant({ kind: 'newReport' as const }),
  fc.constant({ kind: 'closeLast' as const }),
  fc.constant({ kind: 'preferences' as const }),
);

const contentKey = (w: ProtocolWindow) => JSON.stringify([w.summary, w.blocks]);

describe('versions over random action sequences', () => {
  test('bump iff content changed; monotonic; ids never reused; reads never bump', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const server = await startDemoServer({ orderEditors: 2, reports: 1, effectDelayMs: 0 });
        const { bridge, probe } = server;
        const applied: Snapshot[] = [bridge.snapshot()];
        const off = bridge.onChange(() => applied.push(bridge.snapshot()));
        const seenIds = new Set(bridge.snapshot().windows.map((w) => w.id));
        try {
          for (const o of ops) await run(o);
          await bridge.flush();
        } finally {
          off();
          await server.close();
        }
        checkSequence(applied, seenIds);

        async function run(o: Op): Promise<void> {
          const snapshot = bridge.snapshot();
          const orders = snapshot.windows.filter((w) => w.title.startsWith('Order Editor'));
          const pick = <T>(list: T[], i: number) => list[i % Math.max(1, list.length)];
          if (o.kind === 'read' || o.kind === 'loadRows') {
            const generation = bridge.state.generation;
            bridge.snapshotJson();
            const report = snapshot.windows.find((w) => w.title.startsWith('Report'));
            if (o.kind === 'loadRows' && report) await bridge.callTool(`${report.id}__load_rows`, { offset: o.offset, limit: 5 });
            await bridge.flush();
            expect(bridge.state.generation).toBe(generation); // P-CONC-1: never on a read
          } else if (o.kind === 'userEdit') {
            const nativeIds = [...probe.app.windows.values()].filter((w) => w.content.kind === 'order').map((w) => w.id);
            const id = pick(nativeIds, o.target);
            if (id) probe.app.userEdits(id, o.field, o.value);
          } else if (o.kind === 'agentEdit') {
            const w = pick(orders, o.target);
            if (w) await bridge.callTool(`${w.id}__edit_field`, { field: o.field, value: o.value });
          } else if (o.kind === 'focus') {
            const w = pick(snapshot.windows, o.target);
            if (w) await bridge.callTool(`${w.id}__focus`, {});
          } else if (o.kind === 'newReport') await bridge.callTool('app__new_report', {});
          else if (o.kind === 'closeLast') {
            const last = snapshot.windows.at(-1);
            if (last) await bridge.callTool(`${last.id}__${last.modal ? 'cancel' : 'close'}`, {});
          } else await bridge.callTool('app__preferences', {});
          await bridge.flush();
          for (const w of bridge.snapshot().windows) seenIds.add(w.id);
        }
      }),
      { numRuns: 60 },
    );
  });
});

function checkSequence(applied: Snapshot[], seenIds: Set<string>): void {
  const closed = new Set<string>();
  for (let i = 1; i < applied.length; i++) {
    const before = new Map(applied[i - 1]!.windows.map((w) => [w.id, w]));
    const now = applied[i]!;
    for (const w of now.windows) {
      expect(closed.has(w.id)).toBe(false); // P-ID-1: never reused
      const old = before.get(w.id);
      if (!old) {
        expect(w.version).toBe(1); // D-5
        continue;
      }
      expect(w.version - old.version).toBe(contentKey(w) === contentKey(old) ? 0 : 1);
    }
    for (const id of before.keys()) if (!now.windows.some((w) => w.id === id)) closed.add(id);
  }
  expect(seenIds.size).toBeGreaterThan(0);
}
