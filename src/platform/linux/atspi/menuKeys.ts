/**
 * The keys a person presses to run a GTK 3 menu item, from its AT-SPI key binding. GTK 3's
 * `GtkMenuItemAccessible` answers `Action.GetKeyBinding` (and GetActions' third field) with
 * "mnemonic;mnemonic path;accelerator": `"a;<Alt>f:a;<Primary><Shift>s"` for Mousepad's
 * File › Save As…, `"h;<Alt>f:e:h;"` for an item with no accelerator, `""` for an item with no
 * mnemonic. The `menu` action types these instead of calling DoAction on an item of a closed
 * menu, which makes GTK 3 print criticals (docs/toolkits.md).
 */
import { own } from '../../../util/own.js';

export interface GtkKeyBinding {
  /** The item's own mnemonic letter ("a"), or the menu bar menu's "<Alt>f". */
  mnemonic: string;
  /** Chords of the mnemonic path from the menu bar: ["alt+f", "a"]; empty when there is none. */
  path: string[];
  /** The accelerator as one chord ("ctrl+shift+s"), when the item has one. */
  accelerator?: string;
}

/** GTK accelerator modifiers → chord modifiers (gtk_accelerator_parse's spellings). */
const GTK_MODIFIERS: Readonly<Record<string, string>> = {
  primary: 'ctrl',
  control: 'ctrl',
  ctrl: 'ctrl',
  ctl: 'ctrl',
  shift: 'shift',
  shft: 'shift',
  alt: 'alt',
  mod1: 'alt',
  super: 'super',
  meta: 'super',
};

/** "<Primary><Shift>s" → "ctrl+shift+s"; undefined for an empty string or a modifier we cannot press (Hyper). */
export function gtkAcceleratorChord(accelerator: string): string | undefined {
  const text = accelerator.trim();
  const modifiers: string[] = [];
  let rest = text;
  for (let match = /^<([^>]+)>/.exec(rest); match; match = /^<([^>]+)>/.exec(rest)) {
    const modifier = own(GTK_MODIFIERS, (match[1] ?? '').toLowerCase());
    if (!modifier) return undefined;
    if (!modifiers.includes(modifier)) modifiers.push(modifier);
    rest = rest.slice(match[0].length);
  }
  if (rest === '' || /[\s<>]/.test(rest)) return undefined;
  return [...modifiers, rest].join('+');
}

/** Parses a GTK 3 menu item's key binding; null when it is not in GTK's three-field form. */
export function parseGtkKeyBinding(binding: string): GtkKeyBinding | null {
  const fields = binding.split(';');
  if (fields.length !== 3) return null;
  const [mnemonic = '', pathText = '', accelerator = ''] = fields;
  const steps = pathText === '' ? [] : pathText.split(':');
  const path = steps.map((step) => gtkAcceleratorChord(step));
  const chord = accelerator === '' ? undefined : gtkAcceleratorChord(accelerator);
  return {
    mnemonic: mnemonic.toLowerCase(),
    path: path.every((step): step is string => step !== undefined) ? path : [],
    ...(chord ? { accelerator: chord } : {}),
  };
}
