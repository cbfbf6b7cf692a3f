/**
 * The layer check (eslint/layers.js, run by `npm run lint` in `npm test`) fails on an
 * upward import — a platform module importing the bridge, the translate layer importing the
 * testing kit — and accepts the downward ones the code base is made of.
 */
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { layerOf } from '../../eslint/layers.js';

const ROOT = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'layers/no-upward-import').map((m) => m.message);
}

describe('the layer rule', () => {
  it('fails an upward import, naming both layers', async () => {
    expect(await layerErrors('src/platform/upward.ts', "import { Bridge } from '../bridge/bridge.js';\nexport const b = Bridge;\n")).toEqual([
      '"../bridge/bridge.js": the platform layer may not import the bridge layer (data flows platform → translate → bridge → server/a2c/testing → cli)',
    ]);
    // The upward import once removed: the translate layer using the bridge's publishing.
    expect(await layerErrors('src/translate/fixtureView.ts', "export { publishContent } from '../bridge/publish.js';\n")).toHaveLength(1);
    // A type from above is still a dependency on above; so is a dynamic import.
    expect(
      await layerErrors('translators/my-app/index.ts', "import type { TesterOptions } from '../../src/testing/tester.js';\nexport type T = TesterOptions;\n"),
    ).toHaveLength(1);
    expect(await layerErrors('src/bridge/late.ts', "export const load = () => import('../cli/runtime.js');\n")).toHaveLength(1);
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
  });

  it('places the public SDK modules in their layers', () => {
    expect(layerOf(join(ROOT, 'src/sdk/translate.ts'))?.name).toBe('translate');
    expect(layerOf(join(ROOT, 'src/sdk/testing.ts'))?.name).toBe('server/a2c/testing');
    expect(layerOf(join(ROOT, 'translators/gedit/index.ts'))?.name).toBe('translate');
  });
});
