/**
 * Every tool of the demo app and of every replayable fixture, as an MCP client lists it, in both
 * modes (protocol tools and --stable-tools), against the documented tool-schema rules of OpenAI
 * strict mode, Anthropic strict tool use and Gemini `parameters` (test/helpers/apiSchemaRules.ts;
 * the sources are cited in docs/frameworks.md). Fixtures are replayed twice: with the registry and
 * with only the generic translator, so every translator's tools are covered on every window.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, test } from 'vitest';
import { Bridge } from '../../src/bridge/bridge.js';
import { readFixtureFile } from '../../src/platform/fixture/files.js';
import { openFixtureProbe } from '../../src/platform/fixture/probe.js';
import { SessionHub } from '../../src/server/hub.js';
import type { TranslatorRegistry } from '../../src/translate/registry.js';
import { silentLogger } from '../../src/util/logger.js';
import { registry } from '../../translators/index.js';
import { genericTranslator } from '../../translators/generic/index.js';
import { windowOnlyTranslator } from '../../translators/window-only/index.js';
import { apiSchemaProblems, strictRewrite, openAiStrictProblems } from '../helpers/apiSchemaRules.js';
import { startDemoServer } from '../helpers/demoServer.js';
import { memoryClient } from '../helpers/sessionClient.js';

const ROOT = 'fixtures';
/** Hand-written platform helper answers, not replayable gui-bridge fixtures. */
const PLATFORM_RAW_FOLDERS = ['ax', 'uia'];
const GENERIC_ONLY: TranslatorRegistry = { translators: [windowOnlyTranslator], fallback: genericTranslator };
const MODES = { 'protocol tools': {}, '--stable-tools': { stableTools: true }, '--read-tool': { readTool: true } } as const;

const fixtureFiles = readdirSync(ROOT)
  .filter((f) => statSync(join(ROOT, f)).isDirectory() && !PLATFORM_RAW_FOLDERS.includes(f))
  .flatMap((folder) =>
    readdirSync(join(ROOT, folder))
      .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))
      .map((f) => join(ROOT, folder, f)),
  )
  .sort();

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The tools an SDK client lists from a hub on this bridge, in each mode. */
async function listedByMode(bridge: Bridge): Promise<Record<string, Tool[]>> {
  const out: Record<string, Tool[]> = {};
  for (const [mode, options] of Object.entries(MODES)) {
    const client = await memoryClient(new SessionHub(bridge, silentLogger, undefined, options));
    out[mode] = (await client.listTools()).tools;
    await client.close();
  }
  return out;
}

function problemsOf(tools: Tool[]): string[] {
  return tools.flatMap((tool) => apiSchemaProblems(tool as { name: string; inputSchema: Record<string, unknown> }).map((p) => `${tool.name}: ${p}`));
}

describe('tool schemas every LLM API accepts', () => {
  test('the checks find what the APIs refuse (a schema with each refused keyword fails)', () => {
    const refused = {
      type: 'object',
      properties: {
        a: { type: 'string', minLength: 1, maxLength: 5 },
        b: { type: 'integer', default: 3, minimum: 1 },
        c: { type: 'string', enum: Array.from({ length: 300 }, (_, i) => `${'x'.repeat(60)}${i}`) },
        d: { type: 'array' },
        e: { const: 1 },
        'f-g': { type: 'object', properties: {} },
      },
      required: ['a', 'b', 'c', 'd', 'e', 'f-g'],
    };
    const problems = apiSchemaProblems({ name: 'w1__tool', inputSchema: refused }).join('\n');
    for (const expected of [
      'OpenAI strict: $.a: "minLength" is not supported',
      'OpenAI strict: $.b: "default" is not supported',
      'OpenAI strict: $.c: 300 enum values',
      'OpenAI strict: $.d: an array needs items',
      'Anthropic strict: $.a: "maxLength" is not supported',
      'Anthropic strict: $.b: "minimum" is not supported',
      'Gemini: $.e: "const" is not a Schema field',
      'Gemini: $: property name "f-g"',
    ]) {
      expect(problems).toContain(expected);
    }
    expect(openAiStrictProblems('x', { type: 'object', properties: { a: { type: 'string' } } })).toEqual([
      '$: additionalProperties must be false',
      '$.a: every property must be required',
    ]);
    expect(openAiStrictProblems('x', strictRewrite({ type: 'object', properties: { a: { type: 'string' } } }))).toEqual([]);
  });

  test('the demo app, in every mode: 0 problems', async () => {
    const server = await startDemoServer({ reports: 1 });
    cleanups.push(() => server.close());
    const byMode = await listedByMode(server.bridge);
    expect(byMode['--stable-tools']!.map((t) => t.name)).toEqual(['read_windows', 'act']);
    expect(byMode['protocol tools']!.length).toBeGreaterThan(5);
    for (const tools of Object.values(byMode)) expect(problemsOf(tools)).toEqual([]);
  });

  test.each(fixtureFiles)('%s, with the registry and with the generic translator, in every mode: 0 problems', async (file) => {
    const fixture = await readFixtureFile(file);
    for (const translators of [registry, GENERIC_ONLY]) {
      const probe = await openFixtureProbe({ fixture });
      const bridge = await Bridge.start({ probe, registry: translators, log: silentLogger });
      cleanups.push(() => bridge.close());
      const byMode = await listedByMode(bridge);
      expect(byMode['protocol tools']!.length).toBeGreaterThan(0);
      for (const tools of Object.values(byMode)) expect(problemsOf(tools)).toEqual([]);
    }
  });

  test('covers every app folder', () => {
    expect(new Set(fixtureFiles.map((f) => f.split('/')[1])).size).toBeGreaterThanOrEqual(8);
  });
});
