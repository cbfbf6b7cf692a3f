// The package's entry points as one bundle with shared chunks (spawn → first read).
// Node loads hundreds of small ES modules (ours, zod's, the MCP SDK's) slowly: resolving, reading
// and linking each costs more than compiling the code. `npm run build` runs this after tsc and
// writes over tsc's entry files in dist/src (cli.js, index.js, sdk/translate.js, sdk/testing.js);
// the chunks they share land beside them. Every module is in exactly one chunk, so the CLI and an
// external translator that imports `gui-bridge/translate` share one zod, one BridgeError class.
// tsc's other files stay (declarations, and the few modules kept out of the bundle, below).
// Node 22.1+ keeps the compiled code of these chunks between runs itself (module.enableCompileCache,
// called by cli.ts): the bundle is plain ES modules.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** tsc's output, bundled in place, or a copy of it elsewhere (GUI_BRIDGE_BUNDLE_OUT). */
const OUT = process.env.GUI_BRIDGE_BUNDLE_OUT ? resolve(process.env.GUI_BRIDGE_BUNDLE_OUT) : join(ROOT, 'dist/src');
const ENTRIES = ['src/cli.ts', 'src/index.ts', 'src/sdk/translate.ts', 'src/sdk/testing.ts'];
/** Chunk files carry this prefix: a rebuild removes the previous ones. */
const CHUNK_PREFIX = 'bundle-';

/**
 * Loaded by the user's own Node from node_modules, not bundled: native or dynamically required
 * packages (x11 loads its extensions by computed name), optional platform packages, and the
 * TypeScript compiler (development only).
 */
const EXTERNAL_PACKAGES = [
  'x11',
  'tesseract.js',
  '@tesseract.js-data/eng',
  'usocket',
  'socket.io-client',
  '@nut-tree-fork/nut-js',
  'node-window-manager',
  'typescript',
  'playwright-core',
];

/**
 * Our modules that find files next to themselves, or run as their own process (`node module.js`,
 * nodeCommand.ts), by import.meta.url: they stay tsc's files. Inside a chunk, import.meta.url is
 * the chunk's, so a bundled one would read the wrong folder or run the whole chunk as a program.
 */
const OWN_EXTERNAL = [
  'src/server/console/assets.ts',
  'src/platform/linux/wayland/desktop/a11yBusName.ts',
  'src/platform/linux/wayland/desktop/gnomeKeyboard.ts',
];
/** How a module of ours says it needs its own file (see OWN_EXTERNAL). */
const NEEDS_OWN_FILE = /(?:nodeModuleCommand|isMainModule)\(import\.meta\.url\)|new URL\([^)]*import\.meta\.url\)/;

/** CommonJS packages in the bundle (Ajv) call require(): each chunk gets a real one. */
const BANNER = `import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);`;

/**
 * The SDK's `Server` builds an Ajv validator when it is given none; every session gives it ours
 * (src/server/schemaValidator.ts, which loads Ajv only when a form answer is checked), so the
 * server's static import of Ajv is replaced by a class that says so if it is ever reached.
 */
const NO_DEFAULT_AJV = `export class AjvJsonSchemaValidator {
  constructor() { throw new Error('gui-bridge: every SDK Server is given its own JSON Schema validator (schemaValidator.ts)'); }
}`;

/**
 * zod's 50 locales are exported from its entry points (z.locales), but only English is used by
 * default: the others are loaded from zod's CommonJS build the first time one is called.
 */
function lazyLocales(source) {
  const names = [...source.matchAll(/export \{ default as (\w+) \} from "\.\/([\w-]+)\.js";/g)].map((m) => [m[1], m[2]]);
  if (names.length < 2) throw new Error('zod/v4/locales/index.js changed shape: update scripts/bundle.mjs');
  const lines = names.filter(([name]) => name !== 'en').map(([name, file]) => `export const ${name} = (...args) => locale('${file}')(...args);`);
  return [
    `import { createRequire } from 'node:module';`,
    `export { default as en } from './en.js';`,
    `const requireZod = createRequire(import.meta.url);`,
    `const locale = (file) => { const loaded = requireZod('zod/v4/locales/' + file + '.cjs'); return loaded.default ?? loaded; };`,
    ...lines,
  ].join('\n');
}

const rewrites = {
  name: 'gui-bridge-bundle',
  setup(b) {
    b.onResolve({ filter: /\.js$/ }, (args) => {
      if (args.importer.includes('/node_modules/')) {
        if (args.path === '../validation/ajv-provider.js' && args.importer.endsWith('/sdk/dist/esm/server/index.js'))
          return { path: 'no-default-ajv', namespace: 'gui-bridge' };
        return undefined;
      }
      const source = resolve(dirname(args.importer), args.path.replace(/\.js$/, '.ts'));
      const own = relative(ROOT, source);
      if (!OWN_EXTERNAL.includes(own)) return undefined;
      // Every importing chunk sits in dist/src: the path of tsc's file from there.
      return { path: `./${relative('src', own).replace(/\.ts$/, '.js')}`, external: true };
    });
    b.onLoad({ filter: /.*/, namespace: 'gui-bridge' }, () => ({ contents: NO_DEFAULT_AJV, loader: 'js' }));
    b.onLoad({ filter: /node_modules\/zod\/v4\/locales\/index\.js$/ }, (args) => ({
      contents: lazyLocales(readFileSync(args.path, 'utf8')),
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};

if (!existsSync(join(OUT, 'cli.js'))) throw new Error('run tsc first (npm run build): the bundle goes over its dist/src');
for (const file of readdirSync(OUT)) if (file.startsWith(CHUNK_PREFIX)) rmSync(join(OUT, file));

const result = await build({
  absWorkingDir: ROOT,
  entryPoints: ENTRIES,
  outbase: 'src',
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: `${CHUNK_PREFIX}[hash]`,
  external: EXTERNAL_PACKAGES,
  banner: { js: BANNER },
  // Less to parse; identifiers stay readable in stack traces. No keepNames: it wraps each of about
  // 2,600 functions and classes in a defineProperty call at load, which cost about 40 ms of CPU
  // and 1 MB of heap before the first read. Without it a function keeps the name it is
  // declared with; esbuild renames one only where two modules' names collide in a chunk (`uuid2`),
  // and nothing here reads a function's name: our error classes set `name` themselves.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  plugins: [rewrites],
  metafile: true,
});

// Every relative import of the output (chunks, and tsc's files kept out of the bundle) must exist.
for (const file of Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'))) {
  const code = readFileSync(join(ROOT, file), 'utf8');
  for (const [, target] of code.matchAll(/(?:from|import\()\s*"(\.\.?\/[^"]+)"/g)) {
    if (!existsSync(join(ROOT, dirname(file), target))) throw new Error(`${file} imports ${target}, which the build does not have`);
  }
}

// A module of ours that needs its own file must not have been bundled (a new one must be listed).
for (const output of Object.values(result.metafile.outputs)) {
  for (const input of Object.keys(output.inputs).filter((f) => f.startsWith('src/'))) {
    if (NEEDS_OWN_FILE.test(readFileSync(join(ROOT, input), 'utf8')))
      throw new Error(`${input} finds its own file by import.meta.url: add it to OWN_EXTERNAL in scripts/bundle.mjs`);
  }
}

// Which sources each output file holds (dist/bundle-inputs.json, not packed): test/cli/startup.test.ts
// checks from it that a command loads only the code it uses.
const inputs = Object.fromEntries(
  Object.entries(result.metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .map(([file, output]) => [
      file,
      Object.keys(output.inputs)
        .map((input) => input.replace(/^.*node_modules\//, 'node_modules/'))
        .sort(),
    ]),
);
writeFileSync(join(OUT, '../bundle-inputs.json'), `${JSON.stringify(inputs, null, 1)}\n`);
