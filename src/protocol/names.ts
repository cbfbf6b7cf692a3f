import { NAME_SAFE } from './schemas.js';

/** The pseudo window id of application-level tools: `app__{action}` (P-TOOL-5). */
export const APP_TOOL_PREFIX = 'app';
const SEPARATOR = '__';

export function isNameSafe(value: string): boolean {
  return NAME_SAFE.test(value);
}

/** P-TOOL-4: `{winId}__{action}`. */
export function toolName(winIdOrApp: string, action: string): string {
  return `${winIdOrApp}${SEPARATOR}${action}`;
}

export interface ParsedToolName {
  target: string;
  action: string;
}

/** Splits at the first `__`; window ids never contain `__` (D-3), action names may. */
export function parseToolName(name: string): ParsedToolName | null {
  const at = name.indexOf(SEPARATOR);
  if (at <= 0 || at + SEPARATOR.length >= name.length) return null;
  return { target: name.slice(0, at), action: name.slice(at + SEPARATOR.length) };
}

/** Turns any label into a short name-safe snake_case slug ("Save As…" → "save_as"). */
export function slugify(label: string, fallback = 'item'): string {
  const slug = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  return slug || fallback;
}
