/**
 * An in-memory AT-SPI application behind the AtspiClient call interface, for unit tests of
 * our own reading logic (tree budget, tables, sensitivity, primitives). Live tests use real apps.
 */
import { AtspiClient } from '../../../src/platform/linux/atspi/client.js';
import type { AtspiConnection } from '../../../src/platform/linux/atspi/connection.js';
import type { ObjRef } from '../../../src/platform/linux/atspi/refs.js';
import { ROLES, STATES } from '../../../src/platform/linux/atspi/vocabulary.js';

export const BUS = ':1.7';
const I = 'org.a11y.atspi.';

export interface FakeNode {
  path: string;
  role: string;
  name?: string;
  states?: string[];
  interfaces?: string[];
  attributes?: Record<string, string>;
  text?: string;
  value?: number;
  /** The Value interface's MaximumValue (default 100). */
  maxValue?: number;
  actions?: string[];
  /** Each action's key binding (GTK 3 menu items: "s;<Alt>f:s;<Primary>s"); "" when absent. */
  keyBindings?: string[];
  /** `refusesRowSelection`: Table.AddRowSelection answers false, as the Java ATK wrapper does. */
  table?: { rows: number; columns: number; refusesRowSelection?: boolean };
  /** Component.GetExtents' answer: x, y, width, height (default 10, 20, 30, 40). */
  extents?: [number, number, number, number];
  /**
   * False: it claims its extents but is not drawn there, so Component.GetAccessibleAtPoint on its
   * parent never picks it (GTK 4.8's recycled list rows keep the place they left).
   */
  drawn?: boolean;
  children?: FakeNode[];
  /** Calls on this node never get an answer. */
  hang?: boolean;
  /** The bus of the process that serves it (default BUS): content another process embeds. */
  bus?: string;
  /** An AtkSocket: counts its one child, which GetChildren does not list (GetChildAtIndex does). */
  socket?: boolean;
  /** GetActions is never answered (WebKitGTK's own AT-SPI server). */
  silentGetActions?: boolean;
}

export interface CallRecord {
  path: string;
  iface: string;
  member: string;
  body: unknown[];
}

export class FakeApp {
  readonly nodes = new Map<string, FakeNode>();
  readonly parents = new Map<string, string>();
  readonly calls: CallRecord[] = [];
  cache: FakeNode[] | null = null;

  constructor(readonly root: FakeNode) {
    this.index(root);
    this.parents.set(root.path, '/org/a11y/atspi/accessible/root');
  }

  private index(node: FakeNode): void {
    this.nodes.set(node.path, node);
    for (const child of node.children ?? []) {
      this.parents.set(child.path, node.path);
      this.index(child);
    }
  }

  async answer(ref: ObjRef, iface: string, member: string, body: unknown[]): Promise<unknown[]> {
    this.calls.push({ path: ref.path, iface, member, body });
    if (ref.path === '/org/a11y/atspi/cache') return [this.cacheItems()];
    const node = this.nodes.get(ref.path);
    if (!node) throw Object.assign(new Error('gone'), { type: 'org.freedesktop.DBus.Error.UnknownObject' });
    if (node.hang || (node.silentGetActions && member === 'GetActions')) return new Promise(() => undefined);
    const short = iface.replace(I, '');
    const implemented = short === 'Accessible' || short.startsWith('DBus.') || (node.interfaces ?? []).includes(short);
    const handler = implemented ? HANDLERS[`${short}.${member}`] : undefined;
    if (!handler) throw Object.assign(new Error('no'), { type: 'org.freedesktop.DBus.Error.UnknownMethod' });
    return handler(this, node, body);
  }

  wire(node: FakeNode): [string, string] {
    return [node.bus ?? BUS, node.path];
  }

  private cacheItems(): unknown[] {
    const indexOf = (n: FakeNode): number => (this.nodes.get(this.parents.get(n.path) ?? '')?.children ?? []).indexOf(n);
    return (this.cache ?? []).map((n) => [
      this.wire(n),
      [BUS, '/root'],
      [BUS, this.parents.get(n.path) ?? ''],
      indexOf(n),
      (n.children ?? []).length,
      interfacesOf(n),
      n.name ?? '',
      roleCode(n.role),
      '',
      stateWords(n.states ?? []),
    ]);
  }
}

function roleCode(role: string): number {
  const code = ROLES.indexOf(role);
  if (code < 0) throw new Error(`unknown role ${role}`);
  return code;
}

function stateWords(states: string[]): number[] {
  const words = [0, 0];
  for (const state of states) {
    const bit = STATES.indexOf(state);
    words[bit >> 5] = ((words[bit >> 5] ?? 0) | (1 << (bit & 31))) >>> 0;
  }
  return words;
}

function interfacesOf(node: FakeNode): string[] {
  return [`${I}Accessible`, ...(node.interfaces ?? []).map((i) => I + i)];
}

function variant(signature: string, value: unknown): { signature: string; value: unknown } {
  return { signature, value };
}

function property(app: FakeApp, node: FakeNode, name: string): { signature: string; value: unknown } {
  switch (name) {
    case 'Name':
      return variant('s', node.name ?? '');
    case 'Description':
      return variant('s', '');
    case 'ChildCount':
      return variant('i', (node.children ?? []).length);
    case 'Parent':
      return variant('(so)', [BUS, app.parents.get(node.path) ?? '/org/a11y/atspi/null']);
    case 'CharacterCount':
      return variant('i', Array.from(node.text ?? '').length);
    case 'CurrentValue':
    case 'MinimumValue':
    case 'MaximumValue':
      return variant('d', name === 'CurrentValue' ? (node.value ?? 0) : name === 'MinimumValue' ? 0 : (node.maxValue ?? 100));
    case 'NActions':
      return variant('i', (node.actions ?? []).length);
    case 'NRows':
      return variant('i', node.table?.rows ?? 0);
    case 'NColumns':
      return variant('i', node.table?.columns ?? 0);
    default:
      throw Object.assign(new Error('no property'), { type: 'org.freedesktop.DBus.Error.UnknownProperty' });
  }
}

/** What GetAll answers per interface (as atk-bridge does: every property of that interface). */
const PROPERTIES_OF: Record<string, string[]> = {
  [`${I}Accessible`]: ['Name', 'Description', 'ChildCount', 'Parent'],
  [`${I}Value`]: ['CurrentValue', 'MinimumValue', 'MaximumValue'],
};

type Handler = (app: FakeApp, node: FakeNode, body: unknown[]) => unknown[];

const HANDLERS: Record<string, Handler> = {
  'Accessible.GetRole': (_a, n) => [roleCode(n.role)],
  'Accessible.GetState': (_a, n) => [stateWords(n.states ?? [])],
  'Accessible.GetChildren': (a, n) => [n.socket ? [] : (n.children ?? []).map((c) => a.wire(c))],
  'Accessible.GetChildAtIndex': (a, n, [i]) => {
    const child = (n.children ?? [])[Number(i)];
    return [child ? a.wire(child) : ['', '/org/a11y/atspi/null']];
  },
  'Accessible.GetInterfaces': (_a, n) => [interfacesOf(n)],
  'Accessible.GetAttributes': (_a, n) => [n.attributes ?? {}],
  'Accessible.GetRelationSet': () => [[]],
  'Accessible.GetIndexInParent': (a, n) => {
    const parent = a.nodes.get(a.parents.get(n.path) ?? '');
    return [parent ? (parent.children ?? []).indexOf(n) : -1];
  },
  'DBus.Properties.Get': (a, n, [, name]) => [property(a, n, String(name))],
  'DBus.Properties.GetAll': (a, n, [iface]) => [Object.fromEntries((PROPERTIES_OF[String(iface)] ?? []).map((k) => [k, property(a, n, k)]))],
  'Text.GetText': (_a, n, [start, end]) => [
    Array.from(n.text ?? '')
      .slice(Number(start), Number(end) < 0 ? undefined : Number(end))
      .join(''),
  ],
  'Action.GetActions': (_a, n) => [(n.actions ?? []).map((name, i) => [name, '', n.keyBindings?.[i] ?? ''])],
  'Action.GetName': (_a, n, [i]) => [(n.actions ?? [])[Number(i)] ?? ''],
  'Action.GetKeyBinding': (_a, n, [i]) => [n.keyBindings?.[Number(i)] ?? ''],
  'Action.DoAction': (_a, n, [i]) => [Number(i) < (n.actions ?? []).length],
  'EditableText.SetTextContents': (_a, n, [text]) => {
    n.text = String(text);
    return [true];
  },
  'Table.GetAccessibleAt': (a, n, [row, column]) => {
    const headers = (n.children ?? []).length - (n.table?.rows ?? 0) * (n.table?.columns ?? 0);
    const cell = (n.children ?? [])[headers + Number(row) * (n.table?.columns ?? 0) + Number(column)];
    return [cell ? a.wire(cell) : ['', '/org/a11y/atspi/null']];
  },
  'Table.GetIndexAt': (_a, n, [row, column]) => {
    const headers = (n.children ?? []).length - (n.table?.rows ?? 0) * (n.table?.columns ?? 0);
    return [headers + Number(row) * (n.table?.columns ?? 0) + Number(column)];
  },
  'Table.AddRowSelection': (_a, n) => [!n.table?.refusesRowSelection],
  'Component.GrabFocus': () => [true],
  'Component.GetExtents': (_a, n) => [n.extents ?? [10, 20, 30, 40]],
  'Component.GetAccessibleAtPoint': (a, n, [x, y]) => {
    const inside = ([cx, cy, w, h]: number[]) =>
      Number(x) >= (cx ?? 0) && Number(x) < (cx ?? 0) + (w ?? 0) && Number(y) >= (cy ?? 0) && Number(y) < (cy ?? 0) + (h ?? 0);
    const hit = (n.children ?? []).find((c) => c.drawn !== false && inside(c.extents ?? [10, 20, 30, 40]));
    return [hit ? a.wire(hit) : ['', '/org/a11y/atspi/null']];
  },
  'Selection.ClearSelection': (_a, n) => {
    for (const child of n.children ?? []) child.states = (child.states ?? []).filter((s) => s !== 'selected');
    return [true];
  },
  'Selection.SelectChild': (_a, n, [i]) => {
    const child = (n.children ?? [])[Number(i)];
    if (child) child.states = [...(child.states ?? []), 'selected'];
    return [!!child];
  },
  'EditableText.InsertText': (_a, n, [position, text]) => {
    const chars = Array.from(n.text ?? '');
    chars.splice(Number(position), 0, String(text));
    n.text = chars.join('');
    return [true];
  },
};

export class FakeClient extends AtspiClient {
  constructor(readonly app: FakeApp) {
    super({} as AtspiConnection, { peerToPeer: false });
  }

  override call(ref: ObjRef, iface: string, member: string, _signature = '', body: unknown[] = []): Promise<unknown[]> {
    this.callCount++;
    return this.app.answer(ref, iface.replace('org.freedesktop.', ''), member, body);
  }
}

/** Shorthand for a node. */
export function node(path: string, role: string, extra: Partial<FakeNode> = {}): FakeNode {
  return { path: `/n/${path}`, role, states: ['visible', 'showing'], ...extra };
}

/** A Qt QTableView with a vertical header: corner, column headers, then per row its header and cells. */
export function qtGrid(path: string, rows: number): FakeNode {
  const children: FakeNode[] = [
    node(`${path}-corner`, 'panel'),
    node(`${path}-h0`, 'table_column_header', { name: 'id' }),
    node(`${path}-h1`, 'table_column_header', { name: 'name' }),
  ];
  for (let r = 0; r < rows; r++) {
    children.push(node(`${path}-rh${r}`, 'table_row_header', { name: String(r + 1) }));
    for (let c = 0; c < 2; c++) children.push(node(`${path}-r${r}c${c}`, 'table_cell', { name: `r${r}c${c}` }));
  }
  return node(path, 'table', { interfaces: ['Table'], table: { rows, columns: 2 }, children });
}
