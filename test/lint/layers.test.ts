/**
 * The layer check (eslint/layers.js, run by `npm run lint` in `npm test`) fails on an
 * upward import — a platform module importing the bridge, the translate layer importing the
 * testing kit, the server importing the CLI — and accepts the downward ones the code base is made of.
 */
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { EXCEPTIONS, layerOf } from '../../eslint/layers.js';

const ROOT = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'layers/no-upward-import').map((m) => m.message);
}

describe('the layer rule', () => {
  it('fails an upward import, naming both layers', async () => {
    expect(await layerErrors('src/platform/upward.ts', "import { Bridge } from '../bridge/bridge.js';\nexport const b = Bridge;\n")).toEqual([
      '"../bridge/bridge.js": the platform layer may not import the bridge layer (data flows protocol/util → platform → translate → sdk → translators → bridge → server/testing → a2c → cli)',
    ]);
    // The upward import once removed: the translate layer using the bridge's publishing.
    expect(await layerErrors('src/translate/fixtureView.ts', "export { publishContent } from '../bridge/publish.js';\n")).toHaveLength(1);
    // A type from above is still a dependency on above; so is a dynamic import.
    expect(
      await layerErrors('translators/my-app/index.ts', "import type { TesterOptions } from '../../src/testing/tester.js';\nexport type T = TesterOptions;\n"),
    ).toHaveLength(1);
    expect(await layerErrors('src/bridge/late.ts', "export const load = () => import('../cli/runtime.js');\n")).toHaveLength(1);
  });

  it('covers the SDK, the server and the CLI', async () => {
    // The reading kit is below the public SDK module, which is below the translators.
    expect(await layerErrors('src/translate/kit.ts', "export { defineAction } from '../sdk/translate.js';\n")).toHaveLength(1);
    expect(await layerErrors('src/sdk/translate.ts', "export { Bridge } from '../bridge/bridge.js';\n")).toHaveLength(1);
    expect(await layerErrors('src/sdk/translate.ts', "export { registry } from '../../translators/index.js';\n")).toHaveLength(1);
    expect(await layerErrors('src/sdk/testing.ts', "export { serveCommand } from '../cli/serve.js';\n")).toHaveLength(1);
    // The server runs under the A2C Computer and the CLI, never the other way round.
    expect(await layerErrors('src/server/hub2.ts', "import type { ServeConfig } from '../cli/serveOptions.js';\nexport type C = ServeConfig;\n")).toHaveLength(
      1,
    );
    expect(await layerErrors('src/server/hub2.ts', "export { createWindowResources } from '../a2c/windowResources.js';\n")).toHaveLength(1);
    expect(await layerErrors('src/a2c/late.ts', "export const load = () => import('../cli/a2c.js');\n")).toHaveLength(1);
  });

  it('allows no exception: the SDK module may not import a translator, the kit below it may', async () => {
    expect(await layerErrors('src/sdk/translate.ts', "export { genericTranslator } from '../../translators/generic/index.js';\n")).toHaveLength(1);
    expect(await layerErrors('src/translate/kit/late.ts', "export { genericTranslator } from '../../../translators/generic/index.js';\n")).toHaveLength(1);
    expect(await layerErrors('src/sdk/translate.ts', "export { readWindow } from '../translate/kit/reading.js';\n")).toEqual([]);
    expect(EXCEPTIONS).toEqual([]);
  });

  it('accepts imports of the same or a lower layer, and packages', async () => {
    expect(
      await layerErrors(
        'src/bridge/ok.ts',
        "import type { A11yNode } from '../platform/probe.js';\nimport { defineAction } from '../translate/define.js';\nimport { z } from 'zod';\nexport type N = A11yNode;\nexport const d = [defineAction, z];\n",
      ),
    ).toEqual([]);
    expect(await layerErrors('src/testing/ok.ts', "export { prepareWindowActions } from '../bridge/prepare.js';\n")).toEqual([]);
    expect(await layerErrors('translators/my-app/index.ts', "export { readWindow } from '../../src/sdk/translate.js';\n")).toEqual([]);
    expect(await layerErrors('src/a2c/ok.ts', "import type { SessionHub } from '../server/hub.js';\nexport type H = SessionHub;\n")).toEqual([]);
    expect(await layerErrors('src/cli/ok.ts', "export { createWindowResources } from '../a2c/windowResources.js';\n")).toEqual([]);
  });

  it('places the public SDK modules in their layers', () => {
    expect(layerOf(join(ROOT, 'src/sdk/translate.ts'))?.name).toBe('sdk');
    expect(layerOf(join(ROOT, 'src/sdk/testing.ts'))?.name).toBe('server/testing');
    expect(layerOf(join(ROOT, 'translators/gedit/index.ts'))?.name).toBe('translators');
    expect(layerOf(join(ROOT, 'src/cli/serve.ts'))?.name).toBe('cli');
  });
});
