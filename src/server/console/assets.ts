/**
 * The console page's files, all served by the bridge (the page works offline, no CDN). The
 * scripts are TypeScript (page/, checked by tsconfig.console.json with the DOM library): a build
 * compiles them next to this module; run from source (tests, tsx), they are transpiled once here
 * with the TypeScript compiler, a development dependency.
 */
import { readFile } from 'node:fs/promises';
import { CONSOLE_CSS, CONSOLE_HTML } from './page.js';

export interface Asset {
  type: string;
  body: string;
}

/** The page's scripts, by URL name: the only files read from disk. */
const SCRIPTS = ['app', 'render', 'stream'] as const;
const cache = new Map<string, Promise<string>>();

export async function consoleAsset(path: string): Promise<Asset | undefined> {
  if (path === '/console') return { type: 'text/html; charset=utf-8', body: CONSOLE_HTML };
  if (path === '/console/console.css') return { type: 'text/css; charset=utf-8', body: CONSOLE_CSS };
  const name = /^\/console\/([a-z]+)\.js$/.exec(path)?.[1];
  if (!name || !(SCRIPTS as readonly string[]).includes(name)) return undefined;
  let script = cache.get(name);
  if (!script) {
    script = loadScript(name);
    cache.set(name, script);
    script.catch(() => cache.delete(name));
  }
  return { type: 'text/javascript; charset=utf-8', body: await script };
}

async function loadScript(name: string): Promise<string> {
  try {
    return await readFile(new URL(`./page/${name}.js`, import.meta.url), 'utf8');
  } catch {
    const source = await readFile(new URL(`./page/${name}.ts`, import.meta.url), 'utf8');
    const ts = (await import('typescript')).default;
    const out = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ES2022 } });
    return out.outputText;
  }
}
