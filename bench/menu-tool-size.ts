/**
 * The `menu` tool's size per recorded window with menus: bytes of the published tool (as
 * tools/list sends it), against the same tool with every path in an enum (the shape before big
 * menus became a server-checked string), built in the same run from the same paths. Goal: no
 * menu tool over 4 KB; small menus keep their enum (ratio 1.00).
 */
import { z } from 'zod';
import { Bridge } from '../src/bridge/bridge.js';
import { readFixtureFile } from '../src/platform/fixture/files.js';
import { openFixtureProbe } from '../src/platform/fixture/probe.js';
import { fixtureFiles } from '../src/testing/tester.js';
import { toInputJsonSchema } from '../src/translate/jsonSchema.js';
import { silentLogger } from '../src/util/logger.js';
import { readWindow } from '../src/translate/kit/reading.js';
import { registry } from '../translators/index.js';
import { table } from './stats.js';

const FOLDERS = ['fixtures/libreoffice', 'fixtures/pluma', 'fixtures/qt', 'fixtures/gedit'];

async function measure(file: string): Promise<Record<string, string | number>[]> {
  const fixture = await readFixtureFile(file);
  const bridge = await Bridge.start({ probe: await openFixtureProbe({ fixture }), registry, log: silentLogger });
  try {
    return bridge.tools().flatMap((tool) => {
      if (!tool.name.endsWith('__menu')) return [];
      const record = bridge.windows().find((w) => tool.name.startsWith(`${w.winId}__`));
      const paths = [...new Set(readWindow(record?.tree.root as never).menus.map((m) => m.path))];
      const published = Buffer.byteLength(JSON.stringify(tool));
      const enumPath = (toInputJsonSchema(z.object({ path: z.enum(paths as [string, ...string[]]) })).properties as Record<string, unknown>).path;
      const inputSchema = { ...tool.inputSchema, properties: { ...tool.inputSchema.properties, path: enumPath } };
      const asEnum = Buffer.byteLength(JSON.stringify({ ...tool, inputSchema }));
      return [
        {
          window: `${file.replace(/^fixtures\//, '')} · ${record?.facts.title}`,
          paths: paths.length,
          'bytes now': published,
          'bytes as enum': asEnum,
          ratio: (published / asEnum).toFixed(2),
        },
      ];
    });
  } finally {
    await bridge.close();
  }
}

const rows: Record<string, string | number>[] = [];
for (const folder of FOLDERS) for (const file of fixtureFiles(folder)) rows.push(...(await measure(file)));
process.stdout.write(`${table(rows)}\n`);
