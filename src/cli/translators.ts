/**
 * External translators (`--translator PATH|PACKAGE`, repeatable, and a config's "translators"):
 * loaded before the source opens, placed before the built-in ones (the first match wins). A module
 * may export translators as its default export (one or an array), as `translators`, or as named
 * exports made by `defineTranslator`. Anything that does not load or is no translator is one clear
 * line and exit code 2 — a server must not start without the translator its user asked for.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TranslatorDef } from '../translate/types.js';
import { firstLine, isPathSpecifier } from './config.js';
import { UsageError } from './usage.js';

export async function loadTranslators(command: string, specifiers: readonly string[], cwd = process.cwd()): Promise<TranslatorDef[]> {
  const out: TranslatorDef[] = [];
  for (const specifier of specifiers) out.push(...(await loadOne(command, specifier, cwd)));
  return out;
}

async function loadOne(command: string, specifier: string, cwd: string): Promise<TranslatorDef[]> {
  let module: Record<string, unknown>;
  try {
    module = (await import(moduleUrl(specifier, cwd))) as Record<string, unknown>;
  } catch (error) {
    throw new UsageError(command, `--translator ${specifier}: cannot load it: ${firstLine(error)}`);
  }
  const found = translatorsOf(module);
  if (found.length === 0) {
    throw new UsageError(command, `--translator ${specifier}: exports no translator (export one made by defineTranslator, as default or named)`);
  }
  return found;
}

/** Paths against `cwd` (a package folder by its entry point); packages as installed where the command runs (else beside gui-bridge). */
function moduleUrl(specifier: string, cwd: string): string {
  if (isPathSpecifier(specifier)) {
    const path = resolve(cwd, specifier);
    return pathToFileURL(statSync(path, { throwIfNoEntry: false })?.isDirectory() ? packageEntry(path) : path).href;
  }
  try {
    return pathToFileURL(createRequire(join(cwd, 'noop.js')).resolve(specifier)).href;
  } catch {
    return specifier;
  }
}

/** The entry point of a package folder (ESM cannot import a folder): exports ".", else main, else index.js. */
function packageEntry(folder: string): string {
  const manifest = join(folder, 'package.json');
  if (!existsSync(manifest)) return join(folder, 'index.js');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: unknown; main?: string };
  const dot = typeof pkg.exports === 'object' && pkg.exports !== null && '.' in pkg.exports ? (pkg.exports as Record<string, unknown>)['.'] : pkg.exports;
  const target =
    typeof dot === 'string'
      ? dot
      : typeof dot === 'object' && dot !== null
        ? ((dot as Record<string, unknown>).import ?? (dot as Record<string, unknown>).default)
        : undefined;
  return join(folder, typeof target === 'string' ? target : (pkg.main ?? 'index.js'));
}

function translatorsOf(module: Record<string, unknown>): TranslatorDef[] {
  const candidates = module.default !== undefined ? [module.default] : module.translators !== undefined ? [module.translators] : Object.values(module);
  const flat = candidates.flatMap((c) => (Array.isArray(c) ? c : [c]));
  return [...new Set(flat.filter(isTranslator))];
}

function isTranslator(value: unknown): value is TranslatorDef {
  if (value === null || typeof value !== 'object') return false;
  const t = value as Partial<TranslatorDef>;
  return typeof t.id === 'string' && typeof t.translate === 'function' && t.match !== null && typeof t.match === 'object';
}
