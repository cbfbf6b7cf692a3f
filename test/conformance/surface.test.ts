/** Capabilities, instructions, the single resource and the tool table (P-INIT-*, P-RES-*, P-TOOL-*). */
import { describe, expect, test } from 'vitest';
import { PROTOCOL_INSTRUCTIONS } from '../../src/protocol/instructions.js';
import { SnapshotSchema } from '../../src/protocol/schemas.js';
import { RIGS, useRig } from './harness.js';

describe.each(RIGS)('surface over %s', (_name, makeRig) => {
  const ctx = useRig(makeRig);

  test('P-INIT-2/3: capabilities and the §8.1 instructions', () => {
    const caps = ctx.client.client.getServerCapabilities();
    expect(caps?.resources?.subscribe).toBe(true);
    expect(caps?.tools?.listChanged).toBe(true);
    expect(ctx.client.client.getInstructions()?.startsWith(PROTOCOL_INSTRUCTIONS)).toBe(true);
  });

  test('P-RES-1/2: exactly one resource, app://windows, one JSON content', async () => {
    const { resources } = await ctx.client.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(['app://windows']);
    const read = await ctx.client.client.readResource({ uri: 'app://windows' });
    expect(read.contents).toHaveLength(1);
    expect(read.contents[0]).toMatchObject({ uri: 'app://windows', mimeType: 'application/json' });
  });

  test('P-RES-3/4, P-ID-1: a valid, self-consistent snapshot', async () => {
    const snapshot = SnapshotSchema.parse(await ctx.client.snapshot());
    const ids = snapshot.windows.map((w) => w.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of snapshot.operableWindowIds) expect(ids).toContain(id);
    for (const w of snapshot.windows) {
      expect(w.version).toBe(1); // D-5: new windows start at 1
      expect(w.summary?.length).toBeGreaterThan(0);
      const blockIds = w.blocks.map((b) => b.id);
      expect(new Set(blockIds).size).toBe(blockIds.length);
    }
  });

  test('P-RES-3: a read never changes versions', async () => {
    const first = await ctx.client.snapshot();
    for (let i = 0; i < 5; i++) await ctx.client.snapshot();
    await ctx.client.client.listTools();
    expect(await ctx.client.snapshot()).toEqual(first);
  });

  test('unknown resources are an error, not a crash', async () => {
    await expect(ctx.client.client.readResource({ uri: 'app://nothing' })).rejects.toThrow(/not found/i);
    await expect(ctx.client.client.subscribeResource({ uri: 'app://nothing' })).rejects.toThrow(/not found/i);
    expect((await ctx.client.snapshot()).windows.length).toBeGreaterThan(0);
  });

  test('P-TOOL-4/13/14, D-1: names, titles, schemas and annotations', async () => {
    const { tools } = await ctx.client.client.listTools();
    const snapshot = await ctx.client.snapshot();
    expect(tools.length).toBeGreaterThan(0);
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(tool.name.length).toBeLessThan(40);
      const [target] = tool.name.split('__');
      if (target !== 'app') expect(snapshot.operableWindowIds).toContain(target);
      expect(tool.title).toBeTruthy();
      expect(tool.description).toBeTruthy();
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect((tool.outputSchema as { anyOf?: unknown[] }).anyOf).toHaveLength(2);
      // P-TOOL-13: hints equal to MCP's defaults are left out, except destructiveHint,
      // explicit on every tool that is not read-only; openWorldHint (default true) is always false.
      const hints = tool.annotations ?? {};
      expect(hints.openWorldHint).toBe(false);
      if (hints.readOnlyHint !== true) expect(hints.destructiveHint).toEqual(expect.any(Boolean));
      // The error branch (D-1) requires what every error carries.
      expect((tool.outputSchema as { anyOf?: Array<{ required?: string[] }> } | undefined)?.anyOf?.[1]?.required).toEqual(['code', 'message']);
      const props = (tool.inputSchema.properties ?? {}) as Record<string, unknown>;
      // P-TOOL-12: write tools accept expectedVersion; read-only tools have no version to check.
      expect('expectedVersion' in props).toBe(!tool.annotations?.readOnlyHint && target !== 'app');
    }
    const byName = new Map(tools.map((t) => [t.name, t]));
    // Effective hints, with MCP's defaults for the ones left out.
    const hint = (name: string, key: 'readOnlyHint' | 'destructiveHint' | 'idempotentHint') =>
      byName.get(name)?.annotations?.[key] ?? { readOnlyHint: false, destructiveHint: true, idempotentHint: false }[key];
    expect(hint('w2__load_rows', 'readOnlyHint')).toBe(true);
    expect(hint('w1__close', 'destructiveHint')).toBe(true);
    expect(hint('w1__edit_field', 'destructiveHint')).toBe(false);
    expect(hint('w1__edit_field', 'idempotentHint')).toBe(true);
    expect(hint('w1__submit', 'idempotentHint')).toBe(false);
  });

  test('P-SESS-1: a reconnecting ctx.client resyncs by reading the snapshot', async () => {
    const before = await ctx.client.snapshot();
    await ctx.client.close();
    const again = await ctx.rig.connect();
    expect(await again.snapshot()).toEqual(before);
  });
});
