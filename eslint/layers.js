/**
 * ESLint rule `layers/no-upward-import`: data flows one way, platform → translate → bridge →
 * server/a2c/testing → cli (README, house rules). A module may import its own layer or a lower one;
 * an import of a higher layer is an error naming both layers. Type-only imports count too: a type
 * from above is still a dependency on above.
 */
import { dirname, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/** Repository-relative path prefixes, lowest layer first. The first matching prefix wins. */
export const LAYERS = [
  { name: 'protocol/util', rank: 0, prefixes: ['src/protocol/', 'src/util/', 'src/version.ts'] },
  { name: 'platform', rank: 1, prefixes: ['src/platform/'] },
  { name: 'translate', rank: 2, prefixes: ['src/translate/', 'translators/', 'src/sdk/translate.ts'] },
  { name: 'bridge', rank: 3, prefixes: ['src/bridge/'] },
  { name: 'server/a2c/testing', rank: 4, prefixes: ['src/server/', 'src/a2c/', 'src/testing/', 'src/sdk/testing.ts'] },
  { name: 'cli', rank: 5, prefixes: ['src/cli/', 'src/cli.ts', 'src/index.ts'] },
];

export function layerOf(path) {
  const rel = relative(ROOT, path).split('\\').join('/');
  return LAYERS.find((layer) => layer.prefixes.some((p) => rel === p || rel.startsWith(p)));
}

function check(context, node) {
  const source = node.source?.value;
  if (typeof source !== 'string' || !source.startsWith('.')) return; // packages are not layers
  const from = layerOf(context.filename);
  const to = layerOf(resolve(dirname(context.filename), source));
  if (!from || !to || to.rank <= from.rank) return;
  context.report({ node: node.source, messageId: 'upward', data: { source, from: from.name, to: to.name } });
}

export default {
  rules: {
    'no-upward-import': {
      meta: {
        type: 'problem',
        docs: { description: 'forbid imports from a higher layer (platform → translate → bridge → server/a2c/testing → cli)' },
        messages: {
          upward: '"{{source}}": the {{from}} layer may not import the {{to}} layer (data flows platform → translate → bridge → server/a2c/testing → cli)',
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
