/**
 * No tool is over 4 KB: every action of every window of every recorded fixture, as the server
 * lists it (name, title, description, input and output schema), for the project's translators
 * and for the generic translator alone. A big menu or a long enum becomes a checked string
 * instead (menuPaths.ts); a tool that grows past the bound fails here.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Bridge } from '../../src/bridge/bridge.js';
import { readFixtureFile } from '../../src/platform/fixture/files.js';
import { openFixtureProbe } from '../../src/platform/fixture/probe.js';
import { silentLogger } from '../../src/util/logger.js';
import { fixtureFiles } from '../../src/testing/tester.js';
import type { TranslatorRegistry } from '../../src/translate/registry.js';
import { genericTranslator } from '../../translators/generic/index.js';
import { registry } from '../../translators/index.js';

const MAX_TOOL_BYTES = 4096;
const folders = readdirSync('fixtures').filter((f) => statSync(join('fixtures', f)).isDirectory() && !['ax', 'uia'].includes(f));
const files = folders.flatMap((folder) => fixtureFiles(join('fixtures', folder)));

const REGISTRIES: Record<string, TranslatorRegistry> = {
  'the server (translator registry)': registry,
  'the generic translator alone': { translators: [], fallback: genericTranslator },
};

describe.each(Object.entries(REGISTRIES))(`no tool over ${MAX_TOOL_BYTES} bytes: %s`, (_name, chosen) => {
  it.each(files)('%s', async (file) => {
    const bridge = await Bridge.start({ probe: await openFixtureProbe({ fixture: await readFixtureFile(file) }), registry: chosen, log: silentLogger });
    try {
      const sizes = bridge
        .windows()
        .flatMap((record) =>
          [...record.actions.values()].map((action) => ({ tool: action.descriptor.name, bytes: Buffer.byteLength(JSON.stringify(action.descriptor)) })),
        );
      expect(sizes.length, 'tools measured').toBeGreaterThan(0);
      expect(sizes.filter((s) => s.bytes > MAX_TOOL_BYTES)).toEqual([]);
    } finally {
      await bridge.close();
    }
  });
});
