/**
 * AT-SPI event signals (org.a11y.atspi.Event.*) decoded into what change detection needs.
 * The signal's data value (body[3]) is only read for children-changed (the child's ref): for
 * text-changed it holds the inserted text, which may be a password (P-SENS-1), and is dropped.
 */
import type { DbusSignal } from './dbusLink.js';
import { fromWire, type ObjRef } from './refs.js';
import { unwrap } from './client.js';

const EVENT_PREFIX = 'org.a11y.atspi.Event.';

/** Events the registry forwards to us (RegisterEvent), in AT-SPI's own names. */
export const WATCHED_EVENTS = [
  'object:children-changed',
  'object:state-changed',
  'object:text-changed',
  // Documents carry their caret offset (values.ts): a moved caret is a changed document.
  'object:text-caret-moved',
  'object:property-change',
  'object:selection-changed',
  // Java Swing labels and buttons announce a new text with this alone (JLabel.setText fires
  // ACCESSIBLE_VISIBLE_DATA_PROPERTY, not the name): jEdit's status-bar clock, a result label.
  'object:visible-data-changed',
  'window:create',
  'window:destroy',
  'window:activate',
  'window:deactivate',
] as const;

/** Signal interfaces we subscribe to on the bus (AddMatch). */
export const EVENT_INTERFACES = [`${EVENT_PREFIX}Object`, `${EVENT_PREFIX}Window`] as const;

export interface DecodedEvent {
  /** "object:text-changed:insert", "window:create", "object:state-changed:focused". */
  type: string;
  category: string;
  /** Kebab-case member: "text-changed", "children-changed", "create". */
  member: string;
  detail: string;
  /** detail1 of the signal: 1/0 for state-changed (set/unset), index for children-changed. */
  detail1: number;
  source: ObjRef;
  /** The added or removed child of children-changed. */
  child: ObjRef | null;
}

export function decodeSignal(signal: DbusSignal): DecodedEvent | null {
  if (!signal.interface?.startsWith(EVENT_PREFIX) || !signal.sender || !signal.path) return null;
  const category = signal.interface.slice(EVENT_PREFIX.length).toLowerCase();
  const member = kebab(signal.member);
  const detail = typeof signal.body[0] === 'string' ? signal.body[0] : '';
  const type = [category, member, detail].filter((part) => part !== '').join(':');
  const child = member === 'children-changed' ? fromWire(unwrap(signal.body[3])) : null;
  return { type, category, member, detail, detail1: Number(signal.body[1] ?? 0), source: { bus: signal.sender, path: signal.path }, child };
}

function kebab(member: string): string {
  return member.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}
