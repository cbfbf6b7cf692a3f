/**
 * What a node "holds": text content, a numeric value, a combo box's current item, and whether
 * it is a password-like node whose text is never read (P-SENS-1).
 */
import { SENSITIVE_MASK } from '../../probe.js';
import type { AtspiClient } from './client.js';
import { IFACE } from './names.js';
import type { ObjRef } from './refs.js';

/**
 * Roles whose Text interface content is the node's value (labels carry their text as name). A
 * document viewer's `page` holds the page's text (evince; what pyatspi and Orca read there).
 */
const TEXT_ROLES = new Set(['text', 'entry', 'paragraph', 'terminal', 'document_text', 'password_text', 'page']);

/** Attribute values toolkits use for secret input (GTK input-purpose, web input type). */
const SECRET_PURPOSES = new Set(['password', 'pin']);

/** P-SENS-1: role password_text, or an attribute that declares the input secret. */
export function isSensitive(role: string, attributes: Record<string, string>): boolean {
  if (role === 'password_text') return true;
  for (const [key, value] of Object.entries(attributes)) {
    if (/password/i.test(key) && value !== 'false') return true;
    if (/(purpose|input-type|^type)$/i.test(key) && SECRET_PURPOSES.has(value.toLowerCase())) return true;
  }
  return false;
}

/** Roles whose name is normally their text. */
const LABEL_ROLES = new Set(['label', 'static']);

/**
 * Roles whose text is read when they have no name: a label shows its text as its name, except
 * where the toolkit leaves the name empty and shows the text through the Text interface only
 * (LibreOffice's status bar fields: "Page 1 of 1", "3 words, 22 characters); a web page's
 * `<div>` is a `section` whose words exist only in its text (Gecko: a notification bar's
 * message, any page text not in a paragraph). One GetText call each.
 */
const UNNAMED_TEXT_ROLES = new Set([...LABEL_ROLES, 'section']);

/** Whether the node's text is read. */
export function wantsText(role: string, states: readonly string[], interfaces: ReadonlySet<string>, name = ''): boolean {
  return interfaces.has(IFACE.text) && (TEXT_ROLES.has(role) || states.includes('editable') || (UNNAMED_TEXT_ROLES.has(role) && name.trim() === ''));
}

export interface TextValue {
  value: string;
  /** The full length when `value` was shortened. */
  characterCount?: number;
}

/**
 * The text of a node, at most maxLength characters. Never called for sensitive nodes. With
 * `clamp` (toolkits that warn about an end offset past the text), CharacterCount is asked first
 * (`readCountedText`). Without, a text shorter than maxLength is the whole text: CharacterCount
 * is asked only when the text fills maxLength (the toolkit clamps the end offset itself).
 */
export async function readTextValue(client: AtspiClient, ref: ObjRef, maxLength: number, clamp = false): Promise<TextValue> {
  if (clamp) return readCountedText(client, ref, maxLength);
  const [text] = await client.call(ref, IFACE.text, 'GetText', 'ii', [0, maxLength]);
  const value = typeof text === 'string' ? text : '';
  // Offsets count characters; JS strings count UTF-16 units, so compare code points.
  const length = Array.from(value).length;
  const total = length < maxLength ? length : await characterCount(client, ref);
  return total > length ? { value, characterCount: total } : { value };
}

/**
 * CharacterCount, then the text. A text that fits is asked whole (end offset -1, as libatspi's
 * callers and Orca ask), never up to the count just read: the text may shrink between the two
 * calls, and that end is then past it. LibreOffice's status bar field went from "-0.17 / -1.20
 * 0.00 x 0.00" (25) to "7.26 / 2.40 0.00 x 0.00" (23) as a dialog closed, between our two
 * calls: its ATK wrapper printed "Exception in getText()" and answered "". A longer text is
 * asked up to maxLength, which only a text shrinking below maxLength meanwhile can pass.
 */
async function readCountedText(client: AtspiClient, ref: ObjRef, maxLength: number): Promise<TextValue> {
  const counted = await characterCount(client, ref);
  const whole = counted <= maxLength;
  const [text] = await client.call(ref, IFACE.text, 'GetText', 'ii', [0, whole ? -1 : maxLength]);
  const chars = Array.from(typeof text === 'string' ? text : '');
  // A whole text that grew past maxLength meanwhile is cut here, and its own length counts.
  const total = whole ? chars.length : counted;
  const value = chars.slice(0, maxLength).join('');
  return total > Math.min(chars.length, maxLength) ? { value, characterCount: total } : { value };
}

async function characterCount(client: AtspiClient, ref: ObjRef): Promise<number> {
  return Number(await client.property(ref, IFACE.text, 'CharacterCount')) || 0;
}

/**
 * Where the caret is in a document (editable multi-line text), as a character offset: editors
 * show it as "Ln 2, Col 5", and GTK3 status bars that would show it expose no children.
 */
export function wantsCaret(states: readonly string[]): boolean {
  return states.includes('editable') && states.includes('multi_line');
}

export async function readCaretOffset(client: AtspiClient, ref: ObjRef): Promise<number | undefined> {
  const offset = Number(await client.property(ref, IFACE.text, 'CaretOffset'));
  return Number.isInteger(offset) && offset >= 0 ? offset : undefined;
}

/** A sensitive node's value from its character count only: '' or the mask. */
export async function readMaskedValue(client: AtspiClient, ref: ObjRef): Promise<string> {
  const count = Number(await client.property(ref, IFACE.text, 'CharacterCount').catch(() => 1));
  return count > 0 ? SENSITIVE_MASK : '';
}

export interface NumericValue {
  value: string;
  /** Absent when the bounds were not asked (`bounds` false). */
  min?: string;
  max?: string;
}

/**
 * Current, minimum and maximum: one GetAll where the toolkit answers it (`bulk`, toolkitPolicy.ts),
 * else one Get each; the current value alone when `bounds` is false.
 */
export async function readNumericValue(client: AtspiClient, ref: ObjRef, bulk = false, bounds = true): Promise<NumericValue> {
  if (!bounds) return { value: formatNumber(await client.property(ref, IFACE.value, 'CurrentValue')) };
  const [current, min, max] = bulk
    ? await client.properties(ref, IFACE.value).then((all) => [all.CurrentValue, all.MinimumValue, all.MaximumValue])
    : await Promise.all(['CurrentValue', 'MinimumValue', 'MaximumValue'].map((name) => client.property(ref, IFACE.value, name)));
  return { value: formatNumber(current), min: formatNumber(min), max: formatNumber(max) };
}

/**
 * A read-only spin box shows a text that may say more than its number: qpdfview's page box
 * shows "1 / 2" where the Value interface says 1. Its text is read besides its value.
 */
export function wantsShownText(role: string, interfaces: ReadonlySet<string>): boolean {
  return role === 'spin_button' && interfaces.has(IFACE.text) && interfaces.has(IFACE.value);
}

/** A combo box's current item: the selected child of its Selection, by name. */
export async function readComboValue(client: AtspiClient, ref: ObjRef): Promise<string | undefined> {
  const [selected] = await client.call(ref, IFACE.selection, 'GetSelectedChild', 'i', [0]);
  if (!Array.isArray(selected) || typeof selected[0] !== 'string' || typeof selected[1] !== 'string') return undefined;
  if (selected[1] === '/org/a11y/atspi/null') return undefined;
  const name = await client.property({ bus: selected[0], path: selected[1] }, IFACE.accessible, 'Name');
  return typeof name === 'string' ? name : undefined;
}

function formatNumber(value: unknown): string {
  const number = Number(value);
  return Number.isFinite(number) ? String(Math.round(number * 1e6) / 1e6) : '';
}
