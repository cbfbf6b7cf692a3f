/**
 * `gui-bridge.config.json` / `gui-bridge.config.js` (in the working folder) or `--config FILE`:
 * translators to load and default flag values, so an MCP client config can stay one line.
 *
 *   { "translators": ["./my-translator/dist/index.js", "gui-bridge-translator-galculator"],
 *     "defaults": { "app": "galculator", "log-level": "debug" } }
 *
 * Precedence: command line, then `GUI_BRIDGE_<FLAG>` variables, then the config's defaults.
 * Translator paths are resolved against the config file's folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { envName } from './envFlags.js';
import { UsageError } from './usage.js';

export const CONFIG_FILES = ['gui-bridge.config.json', 'gui-bridge.config.js'];

// zod is loaded only when a config file exists: a plain `serve` starts without it.
async function configSchema() {
  const { z } = await import('zod');
  return z.strictObject({
    translators: z.array(z.string().min(1)).optional(),
    defaults: z.record(z.string().regex(/^[a-z][a-z0-9-]*$/), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).optional(),
  });
}

export interface LoadedConfig {
  path: string;
  /** Module specifiers: paths made absolute against the config's folder, package names as written. */
  translators: string[];
  defaults: Record<string, string | number | boolean | string[]>;
}

const loaded = new Map<string, Promise<LoadedConfig>>();

/** The `--config FILE` of a raw argument list (before strict parsing, which needs the defaults). */
export function configFlag(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--config') return argv[i + 1];
    if (arg.startsWith('--config=')) return arg.slice('--config='.length);
  }
  return undefined;
}

/** The config named by `--config`/GUI_BRIDGE_CONFIG, else the first config file in `cwd`, else none. */
export async function findConfig(
  command: string,
  explicit: string | undefined,
  cwd = process.cwd(),
  env: NodeJS.ProcessEnv = process.env,
): Promise<LoadedConfig | undefined> {
  const named = explicit ?? (env.GUI_BRIDGE_CONFIG || undefined);
  if (named !== undefined) {
    const path = resolve(cwd, named);
    if (!existsSync(path)) throw new UsageError(command, `--config: ${named} does not exist`);
    return load(command, path);
  }
  const found = CONFIG_FILES.map((f) => resolve(cwd, f)).find((p) => existsSync(p));
  return found ? load(command, found) : undefined;
}

function load(command: string, path: string): Promise<LoadedConfig> {
  let pending = loaded.get(path);
  if (!pending) {
    pending = read(command, path);
    loaded.set(path, pending);
  }
  return pending;
}

async function read(command: string, path: string): Promise<LoadedConfig> {
  let raw: unknown;
  try {
    raw = path.endsWith('.json') ? JSON.parse(readFileSync(path, 'utf8')) : ((await import(pathToFileURL(path).href)) as { default?: unknown }).default;
  } catch (error) {
    throw new UsageError(command, `config ${path}: ${firstLine(error)}`);
  }
  const parsed = (await configSchema()).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(command, `config ${path}: ${issue?.path.join('.') || '(file)'}: ${issue?.message ?? 'invalid'}`);
  }
  const folder = dirname(path);
  const translators = (parsed.data.translators ?? []).map((t) => (isPathSpecifier(t) ? resolve(folder, t) : t));
  return { path, translators, defaults: parsed.data.defaults ?? {} };
}

/** A path (./x, ../x, /x) rather than a package name. */
export function isPathSpecifier(specifier: string): boolean {
  return specifier.startsWith('.') || isAbsolute(specifier);
}

/**
 * The config's defaults for the flags `command` has, as `GUI_BRIDGE_<FLAG>` variables (the form
 * envFlags.ts already parses); an unknown flag name is an error, so a typo does not go unnoticed.
 */
export function defaultsAsEnv(
  command: string,
  config: LoadedConfig | undefined,
  flags: Record<string, unknown>,
  knownAnywhere: ReadonlySet<string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [flag, value] of Object.entries(config?.defaults ?? {})) {
    if (flag === 'config' || flag === 'translator')
      throw new UsageError(command, `config ${config?.path}: "${flag}" is not a default (list translators under "translators")`);
    if (!Object.hasOwn(flags, flag)) {
      if (!knownAnywhere.has(flag)) throw new UsageError(command, `config ${config?.path}: defaults: unknown flag "${flag}"`);
      continue; // a flag of another command (serve's --http while taking a snapshot)
    }
    out[envName(flag)] = Array.isArray(value) ? value.join(',') : typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  }
  return out;
}

export function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] ?? text;
}

/** Flags of snapshot, record and a2c connect that serve lacks (a shared config may set them). */
const OTHER_COMMAND_FLAGS = ['title', 'note', 'output', 'force', 'compact', 'server', 'office', 'name', 'socketio-path'];

/** The config's defaults for `command`'s flags as variables, to merge under the real environment. */
export async function configDefaults(command: string, argv: readonly string[], flags: Record<string, unknown>): Promise<Record<string, string>> {
  const config = await findConfig(command, configFlag(argv));
  if (!config) return {};
  const { SERVE_FLAGS } = await import('./serveOptions.js');
  const known = new Set([...Object.keys(SERVE_FLAGS), ...OTHER_COMMAND_FLAGS]);
  return defaultsAsEnv(command, config, flags, known);
}
