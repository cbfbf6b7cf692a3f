/**
 * Reads one accessible object into a neutral A11yNode (without children): all independent calls
 * are issued at once and pipelined on the socket; optional facts that fail are left out.
 */
import { ITEMS_UNREAD, type A11yNode, type A11yRelation, type Rect } from '../../probe.js';
import { toRefs, type AtspiClient } from './client.js';
import { COORD, IFACE } from './names.js';
import {
  cleanAttributes,
  isGtk4,
  nodeActions,
  normalizeName,
  windowCommands,
  normalizeRole,
  wantsAttributes,
  wantsRelations,
  type ToolkitInfo,
} from './normalize.js';
import { isBranchComboList } from './branchComboLists.js';
import { readZeroSize, takesNoRoom, wantsSize } from './sizes.js';
import { formatRef, type ObjRef } from './refs.js';
import { interfacesByRole, isGtk3, isJava, policyFor, type ToolkitPolicy } from './toolkitPolicy.js';
import {
  isSensitive,
  readCaretOffset,
  readComboValue,
  readMaskedValue,
  readNumericValue,
  readTextValue,
  wantsCaret,
  wantsShownText,
  wantsText,
} from './values.js';
import { relationName, roleName } from './vocabulary.js';

/** The facts every node has; `Cache.GetItems` can supply them in bulk (a hint, see cacheHints.ts). */
export interface Facts {
  role: string;
  name: string;
  description: string;
  states: string[];
  childCount: number;
  interfaces: ReadonlySet<string>;
  /** Its counted children are not asked (branchComboLists.ts): the node says so (ITEMS_UNREAD). */
  itemsUnread?: true;
}

export interface ReadContext {
  client: AtspiClient;
  /** The application's bus: `toolkit`, `hints` and `childHints` are about its objects only. */
  bus?: string;
  toolkit?: ToolkitInfo;
  /** Facts by object path, from the application's cache (may be incomplete). */
  hints: ReadonlyMap<string, Facts>;
  /** Complete child lists by object path, from the same cache. */
  childHints?: ReadonlyMap<string, ObjRef[]>;
  maxTextLength: number;
  /** Read Component extents into `bounds` (one more call per node). */
  bounds: boolean;
  /** Told each time a node was read: the application is answering (the tree reader's deadline). */
  answered?: () => void;
  /**
   * Ask attributes and relations of every node, sparing nothing (normalize.ts `wantsAttributes`,
   * `wantsRelations`): the reference that live tests compare the spared reads with.
   */
  thorough?: boolean;
}

export interface ReadNode {
  node: A11yNode;
  childCount: number;
  interfaces: ReadonlySet<string>;
}

const foreignContexts = new WeakMap<ReadContext, ReadContext>();

/**
 * The context to read `ref` in. An object of another process embedded in the application's
 * window (WebKitGTK's web content under an AtkSocket: Yelp's page) is no object of the
 * application's toolkit: it is read with no toolkit (the safe policy) and no cache hints.
 */
export function contextFor(ctx: ReadContext, ref: ObjRef): ReadContext {
  if (ctx.bus === undefined || ref.bus === ctx.bus) return ctx;
  let foreign = foreignContexts.get(ctx);
  if (!foreign) {
    const { toolkit: _toolkit, childHints: _childHints, ...rest } = ctx;
    foreign = { ...rest, hints: new Map() };
    foreignContexts.set(ctx, foreign);
  }
  return foreign;
}

export async function readFacts(ctx: ReadContext, ref: ObjRef): Promise<Facts> {
  const facts = await askFacts(ctx, ref);
  // A list whose counted children cannot be asked silently reads as empty (branchComboLists.ts).
  return (await isBranchComboList(ctx.client, ref, facts, ctx.toolkit)) ? { ...facts, childCount: 0, itemsUnread: true } : facts;
}

async function askFacts(ctx: ReadContext, ref: ObjRef): Promise<Facts> {
  const hint = ctx.hints.get(ref.path);
  const { client } = ctx;
  if (hint && hint.childCount >= 0) return hint;
  if (hint) {
    // GTK3 reports -1 for containers that manage their descendants (lists, tables): ask.
    return { ...hint, childCount: Number(await client.property(ref, IFACE.accessible, 'ChildCount')) };
  }
  // Where the toolkit's role makes the interfaces certain (toolkitPolicy.ts), they wait for the
  // role instead of being asked: one round trip later, one call fewer.
  const role = client.role(ref).then(roleName);
  const certain = isGtk3(ctx.toolkit);
  const [roleText, states, props, interfaces] = await Promise.all([
    role,
    client.states(ref),
    accessibleProperties(ctx, ref),
    certain ? role.then((name) => interfacesByRole(name, ctx.toolkit) ?? client.interfaces(ref)) : client.interfaces(ref),
  ]);
  return {
    role: roleText,
    name: typeof props.Name === 'string' ? props.Name : '',
    description: typeof props.Description === 'string' ? props.Description : '',
    states,
    childCount: Number(props.ChildCount ?? 0),
    interfaces: new Set(interfaces),
  };
}

/** Name, Description and ChildCount: one GetAll where the toolkit answers it, else one Get each (toolkitPolicy.ts). */
async function accessibleProperties(ctx: ReadContext, ref: ObjRef): Promise<Record<string, unknown>> {
  const { client } = ctx;
  if (policyFor(ctx.toolkit).bulkProperties) return client.properties(ref, IFACE.accessible);
  const [Name, Description, ChildCount] = await Promise.all(['Name', 'Description', 'ChildCount'].map((name) => client.property(ref, IFACE.accessible, name)));
  return { Name, Description, ChildCount };
}

/**
 * Reads a node; `facts` may already be on their way (the tree reader starts them early).
 * `parentRole`, where known, spares relations nobody reads inside buttons and rows (normalize.ts).
 */
export async function readNode(ctx: ReadContext, ref: ObjRef, facts: Promise<Facts> = readFacts(ctx, ref), parentRole?: string): Promise<ReadNode> {
  const known = await facts;
  const relations = ctx.thorough || wantsRelations(known.role, ctx.toolkit, parentRole) ? readRelations(ctx.client, ref).catch(() => []) : Promise.resolve([]);
  const attributes = ctx.thorough || wantsAttributes(known.role, ctx.toolkit) ? ctx.client.attributes(ref).catch(() => ({})) : Promise.resolve({});
  const node: A11yNode = {
    ref: formatRef(ref),
    role: normalizeRole(known.role, known.name, ctx.toolkit),
    name: normalizeName(known.name, ctx.toolkit, known.role),
    states: known.states,
    children: [],
  };
  if (known.description) node.description = known.description;
  const [attrs, rels] = await Promise.all([attributes, relations, addDetails(ctx, ref, node, known, attributes)]);
  const cleaned = cleanAttributes(attrs);
  if (cleaned) node.attributes = { ...cleaned, ...node.attributes };
  if (known.itemsUnread) node.attributes = { ...node.attributes, [ITEMS_UNREAD.key]: ITEMS_UNREAD.value };
  if (rels.length > 0) node.relations = rels;
  ctx.answered?.();
  return { node, childCount: known.childCount, interfaces: known.interfaces };
}

/**
 * GTK 4 list and grid views (GtkListBase: Nautilus's files) answer Selection.SelectChild for
 * their items, but GTK 4.8 gives an item the `selectable` state only once it has been selected.
 * Such a view is known by the action GtkListBase installs (a GtkListBox has none: its rows carry
 * their state) and is marked `selects_items`, for the translators.
 */
const LIST_BASE_ACTION = 'list.select-all';

/**
 * Roles whose value no translator reads: a scroll bar is chrome. Asking it is only a risk: GTK 3's
 * range accessible outlives its widget while a dialog is destroyed, and a Value read then prints
 * `gtk_range_get_adjustment` and `atk_range_get_upper_limit` criticals (LibreOffice's Save
 * dialog, read as it closed, printed 36).
 */
const VALUELESS_ROLES = new Set(['scroll_bar']);

/**
 * Whether the node's Value has a number to ask: an indeterminate progress bar has none. Gecko
 * answers GetCurrentValue for one (Thunderbird's status bar while a draft is saved) with an unset
 * GValue, which at-spi2-atk transforms to a double and GLib prints a `g_value_type_compatible`
 * critical for each read.
 */
export function hasNumericValue(role: string, states: readonly string[], toolkit?: ToolkitInfo): boolean {
  if (VALUELESS_ROLES.has(role)) return false;
  return role !== 'progress_bar' || (!states.includes('indeterminate') && policyFor(toolkit).progressBarValue);
}

/** Everything after the facts, in parallel; only a text read waits for the attributes (P-SENS-1). */
async function addDetails(ctx: ReadContext, ref: ObjRef, node: A11yNode, facts: Facts, attributes: Promise<Record<string, string>>): Promise<void> {
  // Its widget is gone (GTK sets defunct when it drops the widget): every detail call would reach
  // a widget-less accessible, which GTK answers with criticals. Its facts are enough.
  if (facts.states.includes('defunct')) return;
  const { client } = ctx;
  const has = (iface: string): boolean => facts.interfaces.has(iface);
  const textual = facts.role === 'password_text' || wantsText(facts.role, facts.states, facts.interfaces, facts.name);
  const tasks: Array<Promise<void>> = [];
  if (has(IFACE.action)) {
    tasks.push(
      readActionNames(client, ref, policyFor(ctx.toolkit).actionList).then((names) => {
        const actions = nodeActions(names, ctx.toolkit);
        if (actions.length > 0) node.actions = actions;
        const commands = windowCommands(names, node.role, ctx.toolkit);
        if (commands.length > 0) node.commands = commands;
        if (isGtk4(ctx.toolkit) && has(IFACE.selection) && names.includes(LIST_BASE_ACTION)) setAttribute(node, 'selects_items', 'true');
      }),
    );
  }
  if (textual) {
    tasks.push(attributes.then((attrs) => readContent(ctx, ref, node, isSensitive(facts.role, attrs))));
  } else if (has(IFACE.value) && hasNumericValue(facts.role, facts.states, ctx.toolkit)) {
    // Its failure is caught at once: when the value's read fails first, nobody awaits it (the bus
    // closing during a read left one unhandled rejection per spin button).
    const shown = wantsShownText(facts.role, facts.interfaces)
      ? readTextValue(client, ref, ctx.maxTextLength, policyFor(ctx.toolkit).clampTextRange).catch(() => undefined)
      : undefined;
    tasks.push(
      readNumericValue(client, ref, policyFor(ctx.toolkit).bulkProperties, facts.role !== 'spin_button' || policyFor(ctx.toolkit).spinButtonBounds).then(
        async (value) => {
          const text = oneLineOf((await shown)?.value);
          // The number stays readable in the attributes when the text says more ("1 / 2").
          node.value = text && text !== value.value ? text : value.value;
          if (node.value !== value.value) setAttribute(node, 'value_number', value.value);
          if (value.min !== undefined) setAttribute(node, 'value_min', value.min);
          if (value.max !== undefined) setAttribute(node, 'value_max', value.max);
        },
      ),
    );
  } else if (facts.role === 'combo_box' && has(IFACE.selection)) {
    tasks.push(readComboValue(client, ref).then((value) => void (value !== undefined && (node.value = value))));
  }
  if (has(IFACE.table)) tasks.push(readTableSize(client, ref, node));
  // A Java JTable's cells never carry `selectable` (AccessibleJTableCell), yet its Selection
  // selects them, and their row under row selection: marked as GTK 4's list views are.
  if (isJava(ctx.toolkit) && has(IFACE.table) && has(IFACE.selection)) setAttribute(node, 'selects_items', 'true');
  if (ctx.bounds && has(IFACE.component)) {
    tasks.push(
      readBounds(client, ref).then((rect) => {
        node.bounds = rect;
        if (wantsSize(ctx.toolkit, facts.states) && takesNoRoom([rect.x, rect.y, rect.width, rect.height])) node.zeroSize = true;
      }),
    );
  } else if (has(IFACE.component) && wantsSize(ctx.toolkit, facts.states))
    tasks.push(readZeroSize(client, ref, ctx.toolkit).then((zero) => void (zero && (node.zeroSize = true))));
  await Promise.all(tasks.map((task) => task.catch(() => undefined)));
  if (!textual && isSensitive(facts.role, await attributes)) {
    node.sensitive = true; // a secret without text: keep no value at all
    delete node.value;
  }
}

async function readContent(ctx: ReadContext, ref: ObjRef, node: A11yNode, sensitive: boolean): Promise<void> {
  if (sensitive) {
    // P-SENS-1: only the character count is asked for; the text itself never is.
    node.sensitive = true;
    node.value = await readMaskedValue(ctx.client, ref);
    return;
  }
  const caret = wantsCaret(node.states) ? readCaretOffset(ctx.client, ref).catch(() => undefined) : undefined;
  const text = await readTextValue(ctx.client, ref, ctx.maxTextLength, policyFor(ctx.toolkit).clampTextRange);
  node.value = text.value;
  if (text.characterCount !== undefined) setAttribute(node, 'character_count', String(text.characterCount));
  const offset = await caret;
  if (offset !== undefined) setAttribute(node, 'caret_offset', String(offset));
}

/** The node's action names, asked as the toolkit's policy says (toolkitPolicy.ts `actionList`). */
export async function readActionNames(client: AtspiClient, ref: ObjRef, how: ToolkitPolicy['actionList']): Promise<string[]> {
  if (how === 'names') return actionNamesOneByOne(client, ref);
  const [list] = await client.call(ref, IFACE.action, 'GetActions');
  const names = Array.isArray(list) ? list.map((entry) => (Array.isArray(entry) ? String(entry[0]) : '')).filter((name) => name !== '') : [];
  return names.length > 0 || how === 'complete' ? names : actionNamesOneByOne(client, ref);
}

/** NActions and GetName(i), as libatspi asks (Chromium answers GetActions with an empty list). */
async function actionNamesOneByOne(client: AtspiClient, ref: ObjRef): Promise<string[]> {
  const count = Number(await client.property(ref, IFACE.action, 'NActions'));
  if (!Number.isInteger(count) || count <= 0) return [];
  const names = await Promise.all(
    Array.from({ length: Math.min(count, 32) }, (_, i) => client.call(ref, IFACE.action, 'GetName', 'i', [i]).then(([name]) => String(name ?? ''))),
  );
  return names.filter((name) => name !== '');
}

async function readRelations(client: AtspiClient, ref: ObjRef): Promise<A11yRelation[]> {
  const [set] = await client.call(ref, IFACE.accessible, 'GetRelationSet');
  if (!Array.isArray(set)) return [];
  return set.map((entry) => {
    const [type, targets] = Array.isArray(entry) ? entry : [];
    return { type: relationName(Number(type)), targets: toRefs(targets).map(formatRef) };
  });
}

async function readTableSize(client: AtspiClient, ref: ObjRef, node: A11yNode): Promise<void> {
  const [rows, columns] = await Promise.all([client.property(ref, IFACE.table, 'NRows'), client.property(ref, IFACE.table, 'NColumns')]);
  setAttribute(node, 'rows', String(Number(rows)));
  setAttribute(node, 'columns', String(Number(columns)));
}

export async function readBounds(client: AtspiClient, ref: ObjRef, coordType: number = COORD.screen): Promise<Rect> {
  const [x, y, width, height] = await client.extents(ref, coordType);
  return { x, y, width, height };
}

function oneLineOf(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

function setAttribute(node: A11yNode, key: string, value: string): void {
  node.attributes = { ...node.attributes, [key]: value };
}
