/**
 * Icon-only buttons known only by their icon's name ("edit-find-symbolic", "document-save"):
 * a human name from the freedesktop icon naming spec's action names. The context prefix goes
 * ("edit-", "document-", "go-", …: "edit-find" → "Find"), "-symbolic"/"-rtl"/"-ltr" suffixes go,
 * the words stay ("zoom-in" → "Zoom in", "open-menu" → "Open menu").
 */
import type { A11yNode } from '../../platform/probe.js';

/** An icon name: lower-case words joined by hyphens, at least two ("edit-find", "open-menu-symbolic"). */
const ICON_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)+$/;
const SUFFIXES = /-(symbolic|rtl|ltr)$/;
const CONTEXTS = new Set(['edit', 'document', 'go', 'list', 'view', 'window', 'media', 'format', 'mail', 'object', 'system', 'insert', 'process', 'action']);
const ICON_ROLES = new Set(['icon', 'image']);

/** "edit-find-symbolic" → "Find"; '' for anything that is not an icon name. */
export function iconLabel(name: string): string {
  const trimmed = name.trim();
  if (!ICON_NAME.test(trimmed)) return '';
  let words = trimmed.replace(SUFFIXES, '').replace(SUFFIXES, '').split('-');
  if (words.length > 1 && CONTEXTS.has(words[0] as string)) words = words.slice(1);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A button's own name read as an icon name only when it surely is one (a "-symbolic" suffix or
 * a context prefix): "log-in" or "e-mail" stay as they are.
 */
export function iconLabelOfName(name: string): string {
  const trimmed = name.trim();
  const sure = SUFFIXES.test(trimmed) || CONTEXTS.has(trimmed.split('-')[0] as string);
  return sure ? iconLabel(trimmed) : '';
}

/** The human name of the first icon inside a button (its name or description is the icon's name). */
export function innerIconLabel(node: A11yNode): string {
  for (const child of node.children) {
    if (ICON_ROLES.has(child.role)) {
      const label = iconLabel(child.name) || iconLabel(child.description ?? '');
      if (label) return label;
    }
    const deeper = innerIconLabel(child);
    if (deeper) return deeper;
  }
  return '';
}
