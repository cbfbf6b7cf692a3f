/**
 * No import cycles among the package's modules (src/, translators/), type-only imports included:
 * test/lint/importGraph.ts finds them. The check itself is shown to find a planted cycle, direct or
 * through a third module and a dynamic import, and to pass a chain without one.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './importGraph.js';

const ROOT = resolve(import.meta.dirname, '../..');

let planted: string | undefined;
afterEach(() => {
  if (planted) rmSync(planted, { recursive: true, force: true });
  planted = undefined;
});

/** Writes the files into a new temporary folder: its cycles. */
function cyclesOf(files: Record<string, string>): string[][] {
  planted = mkdtempSync(join(tmpdir(), 'gui-bridge-cycles-'));
  for (const [name, code] of Object.entries(files)) {
    mkdirSync(dirname(join(planted, name)), { recursive: true });
    writeFileSync(join(planted, name), code);
  }
  return importCycles(importGraph(planted, ['src']));
}

describe('import cycles', () => {
  it('none among the modules of src/ and translators/', () => {
    const graph = importGraph(ROOT, ['src', 'translators']);
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('src/server/hub.ts')).toContain('src/server/toolList.ts');
    expect(importCycles(graph)).toEqual([]);
  });

  it('finds a planted cycle, a type-only one included', () => {
    expect(
      cyclesOf({
        'src/server/hub.ts': "import { listedTools } from './toolCall.js';\nexport const hub = listedTools;\n",
        'src/server/toolCall.ts': "import type { Hub } from './hub.js';\nexport const listedTools = (h: Hub) => h;\n",
      }),
    ).toEqual([['src/server/hub.ts', 'src/server/toolCall.ts']]);
  });

  it('finds a cycle through three modules and a dynamic import, and names no module outside it', () => {
    expect(
      cyclesOf({
        'src/cli/config.ts': "export const flags = async () => (await import('./serveOptions.js')).SERVE_FLAGS;\n",
        'src/cli/serveOptions.ts': "import { SOURCE_FLAGS } from './source.js';\nexport const SERVE_FLAGS = SOURCE_FLAGS;\n",
        'src/cli/source.ts': "import { flags } from './config.js';\nimport { z } from 'zod';\nexport const SOURCE_FLAGS = [flags, z];\n",
        'src/cli/serve.ts': "import { SERVE_FLAGS } from './serveOptions.js';\nexport const serve = SERVE_FLAGS;\n",
      }),
    ).toEqual([['src/cli/config.ts', 'src/cli/serveOptions.ts', 'src/cli/source.ts']]);
  });

  it('passes a chain without a cycle, and ignores imports inside strings and comments', () => {
    expect(
      cyclesOf({
        'src/a.ts': "import { b } from './b.js';\nexport const a = b;\n",
        'src/b.ts': "// import { a } from './a.js';\nexport const b = \"import { a } from './a.js'\";\n",
      }),
    ).toEqual([]);
  });
});
