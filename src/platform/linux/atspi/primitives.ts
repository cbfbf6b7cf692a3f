/**
 * The AT-SPI side of ActionPrimitives: actions by name, text, values, selection, focus and
 * reads. Operability (modals, disabled widgets) is enforced above: AT-SPI itself ignores
 * modality. Errors name the node and the operation, never the text being set (P-SENS-1).
 */
import type { A11yNode, Rect, TreeBudget } from '../../probe.js';
import type { AtspiClient } from './client.js';
import { AtspiError, wrapError } from './errors.js';
import { COORD, IFACE, NULL_PATH, ROOT_PATH } from './names.js';
import { normalizeActionName } from './normalize.js';
import { readActionNames, readBounds } from './nodeReader.js';
import { formatRef, fromWire, parseRef, type ObjRef } from './refs.js';
import { readChildSlice } from './slices.js';
import type { ToolkitCache } from './toolkits.js';
import { insertLength, policyFor, type ToolkitPolicy } from './toolkitPolicy.js';
import { parseGtkKeyBinding } from './menuKeys.js';
import { parseRowRef } from './tables.js';
import { isSensitive } from './values.js';
import { roleName } from './vocabulary.js';

/** How far above an item its combo box may be (Java Swing: 5 levels). */
const COMBO_DEPTH = 5;

export interface AtspiPrimitiveOptions {
  /** Budget for each subtree readChildren returns. */
  sliceBudget?: TreeBudget;
  /** Why an application (bus name) cannot be called now ("… is not responding"), or null. */
  notResponding?: (bus: string) => string | null;
}

export class AtspiPrimitives {
  constructor(
    private readonly client: AtspiClient,
    private readonly toolkits: ToolkitCache,
    private readonly options: AtspiPrimitiveOptions = {},
  ) {}

  /** Runs the node's action called `action` (looked up by name: indexes differ per toolkit). */
  async doAction(ref: string, action: string): Promise<void> {
    const target = await this.realNode(ref);
    await this.run('doAction', ref, async () => {
      const names = await readActionNames(this.client, target, await this.actionList(target));
      const wanted = normalizeActionName(String(action));
      const index = names.findIndex((name) => normalizeActionName(name) === wanted);
      if (index < 0) {
        const offered = names.map(normalizeActionName).join(', ') || 'none';
        throw new AtspiError('not_supported', `no action "${wanted}" (offered: ${offered})`);
      }
      await this.expectTrue(startedAction(this.client.callIsolated(target, IFACE.action, 'DoAction', 'i', [index])), `action "${wanted}"`);
    });
  }

  /**
   * The chords that run a menu item from the keyboard, for toolkits whose menu items must not be
   * run with DoAction (GTK 3 prints criticals: toolkitPolicy `menuByKeys`): its accelerator, else
   * its mnemonic path when every mnemonic on it is unique among its siblings (GTK cycles through
   * items sharing one without running any). Null: DoAction is the route (other toolkits); empty:
   * the item has no key route (DoAction only once its menu is open).
   */
  async menuKeys(ref: string): Promise<string[] | null> {
    const target = parseRef(ref);
    return this.run('menuKeys', ref, async () => {
      if (!policyFor(await this.toolkits.get(target.bus).catch(() => undefined)).menuByKeys) return null;
      const binding = parseGtkKeyBinding(await this.keyBinding(target));
      if (!binding) return [];
      if (binding.accelerator) return [binding.accelerator];
      if (binding.path.length === 0) return [];
      return (await this.mnemonicsUnique(target, binding.path.length)) ? binding.path : [];
    });
  }

  /** How the node's toolkit may be asked for action names (an unknown toolkit: the safe way). */
  private async actionList(target: ObjRef): Promise<ToolkitPolicy['actionList']> {
    return policyFor(await this.toolkits.get(target.bus).catch(() => undefined)).actionList;
  }

  /** The key binding of a node's first action (GTK 3 menu items have one, "click"). */
  private async keyBinding(target: ObjRef): Promise<string> {
    // A toolkit whose action names are asked one by one is asked for the binding alone, as
    // libatspi asks: GetActions would fetch every description too (LibreOffice's wrapper warns).
    if ((await this.actionList(target)) === 'names') {
      const [binding] = await this.client.call(target, IFACE.action, 'GetKeyBinding', 'i', [0]);
      return typeof binding === 'string' ? binding : '';
    }
    const [list] = await this.client.call(target, IFACE.action, 'GetActions');
    const first: unknown = Array.isArray(list) ? list[0] : undefined;
    return Array.isArray(first) && typeof first[2] === 'string' ? first[2] : '';
  }

  /** Whether the item and each menu above it (`levels` in all) has a mnemonic no sibling shares. */
  private async mnemonicsUnique(target: ObjRef, levels: number): Promise<boolean> {
    let node: ObjRef | null = target;
    for (let level = 0; level < levels && node; level++) {
      const parent = await this.parentOf(node);
      if (!parent) return false;
      const siblings = await this.client.children(parent);
      const mnemonics = await Promise.all(
        siblings.map((sibling) =>
          this.keyBinding(sibling)
            .then((b) => parseGtkKeyBinding(b)?.mnemonic ?? '')
            .catch(() => ''),
        ),
      );
      const own = siblings.findIndex((s) => s.bus === node?.bus && s.path === node.path);
      const mine = own >= 0 ? mnemonics[own] : '';
      if (mine === '' || mnemonics.filter((m) => m === mine).length !== 1) return false;
      node = parent;
    }
    return node !== null;
  }

  async setText(ref: string, text: string): Promise<void> {
    const target = parseRef(ref);
    requireString(text, 'setText');
    await this.run('setText', ref, () => this.expectTrue(this.client.call(target, IFACE.editableText, 'SetTextContents', 's', [text]), 'setting the text'));
  }

  /** Inserts at a character offset; at the end when omitted. */
  async insertText(ref: string, text: string, offset?: number): Promise<void> {
    const target = parseRef(ref);
    requireString(text, 'insertText');
    if (offset !== undefined && (!Number.isInteger(offset) || offset < 0))
      throw new AtspiError('bad_argument', 'insertText: offset must be a non-negative integer');
    await this.run('insertText', ref, async () => {
      const position = offset ?? Number(await this.client.property(target, IFACE.text, 'CharacterCount'));
      // ATK counts UTF-8 bytes, Qt UTF-16 units (toolkitPolicy.ts).
      const length = insertLength(text, await this.toolkits.get(target.bus).catch(() => undefined));
      await this.expectTrue(this.client.call(target, IFACE.editableText, 'InsertText', 'isi', [position, text, length]), 'inserting text');
    });
  }

  async setValue(ref: string, value: number): Promise<void> {
    const target = parseRef(ref);
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new AtspiError('bad_argument', 'setValue: value must be a finite number');
    await this.run('setValue', ref, () => this.client.call(target, IFACE.properties, 'Set', 'ssv', [IFACE.value, 'CurrentValue', { signature: 'd', value }]));
  }

  /** Selects an item inside the nearest container (parent, or a combo box above its menu) with Selection. */
  async select(ref: string): Promise<void> {
    const row = parseRowRef(ref);
    if (row) {
      const table = parseRef(row.table);
      await this.run('select', ref, async () => {
        if (policyFor(await this.toolkits.get(table.bus).catch(() => undefined)).rowSelection === 'add_row') {
          const [added] = await this.client.call(table, IFACE.table, 'AddRowSelection', 'i', [row.row]);
          if (added !== false) return;
        }
        // The Java ATK wrapper answers AddRowSelection false (and is not asked: it warns); its
        // table's Selection selects a cell, and with it the row. A JTable adds that cell to the
        // selection kept so far, so the selection is cleared first: the row alone is chosen, as a
        // click chooses it.
        const [index] = await this.client.call(table, IFACE.table, 'GetIndexAt', 'ii', [row.row, 0]);
        if (typeof index !== 'number' || index < 0) throw new AtspiError('gone', 'the row has no cells');
        await this.expectTrue(this.client.call(table, IFACE.selection, 'ClearSelection'), 'clearing the selection');
        await this.expectTrue(this.client.call(table, IFACE.selection, 'SelectChild', 'i', [index]), 'selecting the row');
      });
      return;
    }
    const target = parseRef(ref);
    await this.run('select', ref, async () => {
      const index = await this.indexInParent(target);
      const container = await this.selectionContainer(target);
      await this.expectTrue(this.client.call(container, IFACE.selection, 'SelectChild', 'i', [index]), 'selecting the item');
    });
  }

  /**
   * The combo box above an item that no Selection can choose (Qt implements no Selection
   * interface), its list and the item's index in it, or null when the item is not in a combo box.
   */
  async comboOf(ref: string): Promise<{ combo: string; list: string; index: number } | null> {
    const target = parseRef(ref);
    return this.run('select', ref, async () => {
      const list = await this.parentOf(target);
      const combo = list ? await this.parentOf(list) : null;
      if (!list || !combo || roleName(await this.client.role(combo)) !== 'combo_box') return null;
      return { combo: formatRef(combo), list: formatRef(list), index: await this.indexInParent(target) };
    });
  }

  /** Whether a combo box shows this option as its value now (a Qt combo box's name is its value). */
  async comboShows(combo: string, option: string): Promise<boolean> {
    const [shown, wanted] = await Promise.all([combo, option].map((ref) => this.client.property(parseRef(ref), IFACE.accessible, 'Name')));
    return typeof wanted === 'string' && wanted !== '' && shown === wanted;
  }

  /**
   * Selects an item of a view without Selection through its "toggle" action: Qt's item views
   * (pcmanfm-qt's file list) implement no Selection, and a cell's toggle selects that index alone
   * (QAccessibleTableCell::selectCell), as a click does. False when that route does not apply: the
   * item is not selectable, is a check box (toggle would check it) or has no toggle.
   */
  async selectByToggle(ref: string): Promise<boolean> {
    const target = parseRef(ref);
    const states = await this.run('select', ref, () => this.client.states(target));
    if (!states.includes('selectable') || states.includes('checkable')) return false;
    if (states.includes('selected')) return true;
    const names = await this.run('select', ref, async () => readActionNames(this.client, target, await this.actionList(target)));
    if (!names.some((name) => normalizeActionName(name) === 'toggle')) return false;
    await this.doAction(ref, 'toggle');
    return true;
  }

  /** Whether a node is on screen now (a combo box's list: its popup is open). */
  async showing(ref: string): Promise<boolean> {
    return (await this.client.states(parseRef(ref))).includes('showing');
  }

  async focus(ref: string): Promise<void> {
    const target = await this.realNode(ref);
    await this.run('focus', ref, () => this.expectTrue(this.client.call(target, IFACE.component, 'GrabFocus'), 'taking focus'));
  }

  /** Screen rectangle of a node: where the X11 side clicks when a node has no action. */
  async bounds(ref: string): Promise<Rect> {
    const target = await this.realNode(ref);
    return this.run('bounds', ref, () => readBounds(this.client, target, COORD.screen));
  }

  /** The full text of a text node. Refused for sensitive nodes: their text is never read (P-SENS-1). */
  async readText(ref: string): Promise<string> {
    const target = parseRef(ref);
    return this.run('readText', ref, async () => {
      const [role, attributes] = await Promise.all([this.client.role(target), this.client.attributes(target).catch(() => ({}))]);
      if (isSensitive(roleName(role), attributes)) throw new AtspiError('refused', 'the node is sensitive (password): its text is never read');
      const [text] = await this.client.call(target, IFACE.text, 'GetText', 'ii', [0, -1]);
      return typeof text === 'string' ? text : '';
    });
  }

  /** `limit` children from `offset`, each with its subtree (tables: headers, then rows of cells). */
  async readChildren(ref: string, offset: number, limit: number): Promise<A11yNode[]> {
    if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 0) {
      throw new AtspiError('bad_argument', 'readChildren: offset and limit must be non-negative integers');
    }
    const bus = parseRef(parseRowRef(ref)?.table ?? ref).bus;
    return this.run('readChildren', ref, async () =>
      readChildSlice(this.client, ref, offset, limit, { toolkit: await this.toolkits.get(bus), budget: this.options.sliceBudget }),
    );
  }

  /** A row ref stands for its first cell for actions and focus. */
  private async realNode(ref: string): Promise<ObjRef> {
    const row = parseRowRef(ref);
    if (!row) return parseRef(ref);
    return this.run('resolve row', ref, async () => {
      const [cell] = await this.client.call(parseRef(row.table), IFACE.table, 'GetAccessibleAt', 'ii', [row.row, 0]);
      if (!Array.isArray(cell) || typeof cell[0] !== 'string' || typeof cell[1] !== 'string') throw new AtspiError('gone', 'the row has no cells');
      return { bus: cell[0], path: cell[1] };
    });
  }

  private async indexInParent(target: ObjRef): Promise<number> {
    const [index] = await this.client.call(target, IFACE.accessible, 'GetIndexInParent');
    if (typeof index !== 'number' || index < 0) throw new AtspiError('gone', 'the item has no parent');
    return index;
  }

  /**
   * The container whose Selection selects this item: its parent, except for the items of a combo
   * box's menu, where selecting in the menu only highlights and the combo box itself must choose.
   */
  private async selectionContainer(target: ObjRef): Promise<ObjRef> {
    // A combo box above the item chooses it for real: GTK's menu sits right under the combo; a
    // Java Swing combo's list is four levels down (popup menu, scroll pane, viewport, list), and
    // selecting in that list only moves the popup's highlight, not the combo's value.
    const ancestors: ObjRef[] = [];
    for (let at: ObjRef | null = target; ancestors.length < COMBO_DEPTH && at;) {
      at = await this.parentOf(at);
      if (at) ancestors.push(at);
    }
    const facts = await Promise.all(
      ancestors.map(async (ref, depth) => ({
        ref,
        depth,
        role: roleName(await this.client.role(ref)),
        selection: (await this.client.interfaces(ref)).includes(IFACE.selection),
      })),
    );
    const chosen = facts.find((f) => f.role === 'combo_box' && f.selection) ?? facts.find((f) => f.depth < 2 && f.selection);
    if (!chosen) throw new AtspiError('not_supported', 'no container with the Selection interface above the item');
    return chosen.ref;
  }

  private async parentOf(ref: ObjRef): Promise<ObjRef | null> {
    const parent = fromWire(await this.client.property(ref, IFACE.accessible, 'Parent'));
    return parent && parent.path !== NULL_PATH && parent.path !== ROOT_PATH ? parent : null;
  }

  private async expectTrue(call: Promise<unknown[]>, what: string): Promise<void> {
    const [ok] = await call;
    if (ok === false) throw new AtspiError('refused', `the application refused ${what}`);
  }

  private async run<T>(operation: string, ref: string, work: () => Promise<T>): Promise<T> {
    // A call into an application that is not responding would only wait for its timeout.
    const silent = this.options.notResponding?.(ref.slice(0, Math.max(0, ref.indexOf('/'))));
    if (silent) throw new AtspiError('timeout', `${operation}: ${silent}`);
    try {
      return await work();
    } catch (err) {
      throw wrapError(err, operation, ref);
    }
  }
}

/**
 * Qt replies to DoAction only once the action returns: a menu command that opens a modal dialog
 * (QFileDialog::getSaveFileName) holds the reply until the dialog closes. A reply that has not
 * come after this long means the action is running; its effect is what the caller waits for.
 */
const ACTION_REPLY_MS = 1500;

function startedAction(reply: Promise<unknown[]>): Promise<unknown[]> {
  let timer: NodeJS.Timeout | undefined;
  const running = new Promise<unknown[]>((resolve) => {
    timer = setTimeout(() => resolve([true]), ACTION_REPLY_MS);
  });
  reply.catch(() => undefined); // a late failure of a running action is not the caller's error
  return Promise.race([reply, running]).finally(() => clearTimeout(timer));
}

function requireString(text: unknown, operation: string): void {
  if (typeof text !== 'string') throw new AtspiError('bad_argument', `${operation}: text must be a string`);
}
