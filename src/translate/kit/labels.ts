/**
 * Label repair: what a user would read, never toolkit noise. GTK4 (4.8) names a button after its
 * label twice ("7 7") and names unlabelled widgets by their type ("GtkMenuButton"); tooltips carry
 * shortcuts ("Undo [Ctrl+Z]"); file sizes and times carry bidi marks.
 */
import type { A11yNode } from '../../platform/probe.js';
import { cleanText, isTypeName, isWidgetName, oneLine, repairName } from '../text.js';
import { iconLabelOfName, innerIconLabel } from './iconNames.js';

export { cleanText, isTypeName, isWidgetName, oneLine, repairName };

const SHORTCUT = /\s*\[[^\]]*\]\s*$/;

/** A tooltip without its keyboard shortcut: "Clear Display [Escape]" → "Clear Display". */
export function hintOf(node: A11yNode): string {
  return oneLine((node.description ?? '').replace(SHORTCUT, ''));
}

/** Text of the first descendant label (GTK4 buttons named by type carry their label inside). */
export function innerLabel(node: A11yNode): string {
  for (const child of node.children) {
    const own = child.role === 'label' ? repairName(child.value ?? child.name) : '';
    if (own) return own;
    const deeper = innerLabel(child);
    if (deeper) return deeper;
  }
  return '';
}

/**
 * The label of a button-like node: its name (an icon name made readable), else its inner
 * label, else its tooltip, else the name of the icon it shows (iconNames.ts).
 */
export function controlLabel(node: A11yNode): string {
  const name = repairName(node.name);
  return (name && (iconLabelOfName(name) || name)) || innerLabel(node) || hintOf(node) || innerIconLabel(node);
}

/** "Name:" → "Name", for field labels. */
export function fieldLabel(text: string): string {
  return oneLine(text).replace(/\s*[:：]$/, '');
}

/** Makes labels unique in order: a repeated label gets its hint, else a number ("OK (2)"). */
export function uniqueLabels<T>(items: T[], label: (item: T) => string, hint: (item: T) => string): string[] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(label(item), (counts.get(label(item)) ?? 0) + 1);
  const used = new Set<string>();
  return items.map((item) => {
    const base = label(item);
    let out = base;
    const h = hint(item);
    if ((counts.get(base) ?? 0) > 1 && h && h !== base) out = `${base} (${h})`;
    for (let n = 2; used.has(out); n++) out = `${base} (${n})`;
    used.add(out);
    return out;
  });
}
