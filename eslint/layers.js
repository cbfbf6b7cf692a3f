/**
 * ESLint rule `layers/no-upward-import`: data flows one way, from the protocol and the platform
 * up to the command line (docs/architecture.md). A module may import its own layer or a lower one;
 * an import of a higher layer is an error naming both layers. Type-only imports count too: a type
 * from above is still a dependency on above. Import cycles inside a layer are checked apart
 * (test/lint/cycles.test.ts).
 */
import { dirname, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * Repository-relative path prefixes, lowest layer first. The first matching prefix wins. The
 * reading kit (src/translate) is below the public SDK module, which is below the translators
 * built on it; the bridge runs translators; the MCP server and the testing kit run a bridge; an
 * A2C Computer runs an MCP session hub; the CLI wires everything.
 */
export const LAYERS = [
  { name: 'protocol/util', rank: 0, prefixes: ['src/protocol/', 'src/util/', 'src/version.ts'] },
  { name: 'platform', rank: 1, prefixes: ['src/platform/'] },
  { name: 'translate', rank: 2, prefixes: ['src/translate/'] },
  { name: 'sdk', rank: 3, prefixes: ['src/sdk/translate.ts'] },
  { name: 'translators', rank: 4, prefixes: ['translators/'] },
  { name: 'bridge', rank: 5, prefixes: ['src/bridge/'] },
  { name: 'server/testing', rank: 6, prefixes: ['src/server/', 'src/testing/', 'src/sdk/testing.ts'] },
  { name: 'a2c', rank: 7, prefixes: ['src/a2c/'] },
  { name: 'cli', rank: 8, prefixes: ['src/cli/', 'src/cli.ts', 'src/index.ts'] },
];

const FLOW = LAYERS.map((layer) => layer.name).join(' → ');

/**
 * Upward imports allowed by name: none. An entry would need a reason and a way out, written in
 * docs/decisions/ (the reading kit moved below the SDK module so that none is needed).
 */
export const EXCEPTIONS = [];

function repoPath(path) {
  return relative(ROOT, path).split('\\').join('/');
}

export function layerOf(path) {
  // An import names the compiled file (`../sdk/translate.js`); a layer lists the source.
  const rel = repoPath(path).replace(/\.js$/, '.ts');
  return LAYERS.find((layer) => layer.prefixes.some((p) => rel === p || rel.startsWith(p)));
}

function excepted(fromPath, toPath) {
  const from = repoPath(fromPath);
  const to = repoPath(toPath);
  return EXCEPTIONS.some((e) => e.from === from && e.to.some((prefix) => to.startsWith(prefix)));
}

function check(context, node) {
  const source = node.source?.value;
  if (typeof source !== 'string' || !source.startsWith('.')) return; // packages are not layers
  const target = resolve(dirname(context.filename), source);
  const from = layerOf(context.filename);
  const to = layerOf(target);
  if (!from || !to || to.rank <= from.rank || excepted(context.filename, target)) return;
  context.report({ node: node.source, messageId: 'upward', data: { source, from: from.name, to: to.name } });
}

export default {
  rules: {
    'no-upward-import': {
      meta: {
        type: 'problem',
        docs: { description: `forbid imports from a higher layer (${FLOW})` },
        messages: {
          upward: `"{{source}}": the {{from}} layer may not import the {{to}} layer (data flows ${FLOW})`,
        },
        schema: [],
      },
      create: (context) => ({
        ImportDeclaration: (node) => check(context, node),
        ExportNamedDeclaration: (node) => check(context, node),
        ExportAllDeclaration: (node) => check(context, node),
        ImportExpression: (node) => check(context, node),
      }),
    },
  },
};
