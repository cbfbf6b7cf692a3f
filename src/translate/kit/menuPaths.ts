/**
 * The `menu` tool's path parameter. A small menu is an enum of its paths; a big one (Mousepad's
 * 150 paths, LibreOffice's 450: 16.8 KB, most of that app's tool list) is a string the server
 * checks, named in the description by its top-level menus: a path that names a menu answers
 * with that menu's entries (an agent walks the tree), an unknown one with the closest paths.
 */
import { z } from 'zod';
import { BridgeError } from '../../protocol/errors.js';
import { PATH_SEPARATOR } from './menus.js';

/** Past this many characters of enum JSON a menu's paths are checked by the server instead. */
export const ENUM_BUDGET_CHARS = 1800;

/** Whether these names stay an enum (within ENUM_BUDGET_CHARS of JSON). */
export function fitsEnumBudget(names: readonly string[]): boolean {
  return JSON.stringify(names).length <= ENUM_BUDGET_CHARS;
}
/** Entries listed when a path names a menu, and suggestions for an unknown path. */
const LISTED = 40;
const SUGGESTED = 5;

/** How a path is compared: case, mnemonics, "..." for "…", spaces around ">" do not matter. */
export function normalizePath(path: string): string {
  return path
    .split('>')
    .map((part) =>
      part
        .replace(/_/g, '')
        .replace(/\.\.\.|…/g, '')
        .replace(/\s+/g, ' ')
        .trim()
        .toLowerCase(),
    )
    .filter((part) => part !== '')
    .join('>');
}

/** Past this many characters the names a path description lists end in "and N more". */
const NAMES_BUDGET_CHARS = 1200;

/**
 * The input schema of `menu` for these paths. `lazy`: menus the app fills only when they open
 * (their entries are unknown until then, "File" or "File > New"): a string, whose description
 * names them and the other top-level menus.
 */
export function menuPathSchema(paths: string[], lazy: string[] = []) {
  const unique = [...new Set(paths)];
  const tops = [...new Set(unique.map((p) => p.split(PATH_SEPARATOR)[0] as string))];
  if (lazy.length > 0) {
    const others = tops.filter((t) => !lazy.includes(t));
    return z
      .string()
      .describe(
        `The command's path, e.g. "${lazy[0]}${PATH_SEPARATOR}…". Menus filled only when they open: ${namesWithin(lazy)}; ` +
          `a menu's own path (e.g. "${lazy[0]}") answers with its entries.${others.length > 0 ? ` Other menus: ${namesWithin(others)}.` : ''}`,
      );
  }
  if (fitsEnumBudget(unique)) {
    return z.enum(unique as [string, ...string[]]);
  }
  return z
    .string()
    .describe(
      `The command's path, e.g. "${unique[0]}" (${unique.length} commands). Top-level menus: ${namesWithin(tops)}. ` +
        'A menu\'s own path (e.g. "' +
        `${tops[0]}") answers with its entries; a path not found answers with the closest ones.`,
    );
}

/** The names joined while they fit the budget, then how many more there are. */
export function namesWithin(names: string[]): string {
  const listed: string[] = [];
  let size = 0;
  for (const name of names) {
    if (listed.length > 0 && size + name.length + 2 > NAMES_BUDGET_CHARS) break;
    listed.push(name);
    size += name.length + 2;
  }
  const more = names.length - listed.length;
  return more > 0 ? `${listed.join(', ')} and ${more} more` : listed.join(', ');
}

/**
 * The entry a path names, among `paths` (as shown). Exact first, then compared normalized;
 * otherwise a `validation_failed` that lists the menu's entries (a menu's path) or the closest
 * paths (anything else).
 */
export function resolveMenuPath(paths: string[], asked: string): string {
  if (paths.includes(asked)) return asked;
  const wanted = normalizePath(asked);
  const same = paths.filter((p) => normalizePath(p) === wanted);
  if (same.length === 1) return same[0] as string;
  const under = paths.filter((p) => normalizePath(p).startsWith(`${wanted}>`));
  if (wanted !== '' && under.length > 0) {
    const shown = under.slice(0, LISTED).map((p) => `"${p}"`);
    const more = under.length > LISTED ? ` and ${under.length - LISTED} more (name a submenu)` : '';
    throw pathError(`"${asked}" is a menu: run one of its ${under.length} entries: ${shown.join(', ')}${more}.`);
  }
  const closest = closestPaths(paths, wanted);
  throw pathError(`No menu command "${asked}". Closest: ${closest.map((p) => `"${p}"`).join(', ')}.`);
}

function pathError(message: string): BridgeError {
  return new BridgeError('validation_failed', message, { fields: [{ field: 'path', error: message }] });
}

/** The paths nearest to a normalized one: its last part weighs most, then the whole path. */
export function closestPaths(paths: string[], wanted: string, count = SUGGESTED): string[] {
  const last = wanted.split('>').pop() ?? '';
  const scored = paths.map((path) => {
    const normal = normalizePath(path);
    const leaf = normal.split('>').pop() ?? '';
    return { path, score: distance(leaf, last) * 2 + distance(normal, wanted) / Math.max(1, normal.length) };
  });
  return scored
    .sort((a, b) => a.score - b.score)
    .slice(0, count)
    .map((s) => s.path);
}

/** Levenshtein distance, one row at a time. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length] as number;
}
