/**
 * The demo app seen through the probe interface, exactly as the bridge sees a real platform:
 * windows, accessibility trees, primitives and a change feed.
 */
import type {
  A11yNode,
  AppInfo,
  DesktopTopology,
  KeyInput,
  NativeWindow,
  Probe,
  ProbeChange,
  ProbeFactory,
  TreeBudget,
  TreeReadRequest,
  WindowTree,
} from '../probe.js';
import { parseChords } from '../chords.js';
import { applyBudget } from '../treeBudget.js';
import { CURRENCIES, DemoApp, MAX_DEMO_WINDOWS, type DemoOptions } from './model.js';
import { renderWindow, reportRowNode } from './render.js';
import { REPORT_COLUMNS, REPORT_TOTAL_ROWS } from './reportData.js';
import { ORDER_FIELDS, type OrderField } from './validation.js';

export const DEMO_APP_KEY = 'demo';
export const DEMO_APP_ID = 'org.guibridge.OrdersDemo';

/** Opens the demo app's probe (the one probe factory shape). */
export const openDemoProbe: ProbeFactory<DemoOptions | DemoApp, DemoProbe> = async (options = {}) => new DemoProbe(options);

/** Made by `openDemoProbe`. */
export class DemoProbe implements Probe {
  readonly platform = 'demo';
  readonly settleMs = 0;
  readonly app: DemoApp;

  constructor(options: DemoOptions | DemoApp = {}) {
    this.app = options instanceof DemoApp ? options : new DemoApp(options);
  }

  async readTopology(): Promise<DesktopTopology> {
    return { apps: this.apps(), windows: this.windows() };
  }

  private apps(): AppInfo[] {
    return [
      {
        key: DEMO_APP_KEY,
        id: DEMO_APP_ID,
        name: 'Orders Demo',
        pid: process.pid,
        actions: [
          { name: 'new_report', label: 'New Report', enabled: this.app.canOpenWindow() },
          { name: 'new_order', label: 'New Order', enabled: this.app.canOpenWindow() },
          { name: 'preferences', label: 'Preferences…', enabled: true },
        ],
      },
    ];
  }

  private windows(): NativeWindow[] {
    return [...this.app.windows.values()].map((w) => ({
      nativeId: w.id,
      appKey: DEMO_APP_KEY,
      pid: process.pid,
      title: w.title,
      ownerNativeId: w.ownerId,
      modal: w.modal,
      active: this.app.activeWindowId === w.id,
      fullscreen: false,
      bounds: null,
      windowType: w.modal ? 'dialog' : 'normal',
      className: 'OrdersDemo',
    }));
  }

  // Always a whole read: `request.fresh` changes nothing here (the demo keeps no incremental trees).
  async readTree(nativeId: string, budget: TreeBudget, _request?: TreeReadRequest): Promise<WindowTree> {
    const window = this.app.windows.get(nativeId);
    if (!window) throw new Error(`window ${nativeId} is gone`);
    return { ...applyBudget(renderWindow(this.app, window), budget), warnings: [] };
  }

  subscribe(listener: (change: ProbeChange) => void): () => void {
    return this.app.onChange((change) => listener(change.kind === 'windows' ? change : { kind: 'content', nativeIds: [change.windowId] }));
  }

  async doAction(ref: string, _action: string): Promise<void> {
    const { windowId, element } = parseRef(ref);
    const kind = this.app.windows.get(windowId)?.content.kind;
    if (!kind) throw new Error(`window ${windowId} is gone`);
    if (element === 'close' || element === 'cancel') return this.app.closeWindow(windowId);
    if (kind === 'order' && element === 'submit') return this.app.submit(windowId);
    if (kind === 'confirm' && element === 'confirm') return this.app.confirm(windowId);
    if (kind === 'preferences') return this.preferencesAction(windowId, element);
    throw new Error(`no action on ${ref}`);
  }

  async setText(ref: string, text: string): Promise<void> {
    const { windowId, element } = parseRef(ref);
    if (!isOrderField(element)) throw new Error(`${ref} is not editable`);
    this.app.setOrderField(windowId, element, text);
  }

  async insertText(ref: string, text: string, offset?: number): Promise<void> {
    const { windowId, element } = parseRef(ref);
    const content = this.app.windows.get(windowId)?.content;
    if (content?.kind !== 'order' || !isOrderField(element)) throw new Error(`${ref} is not editable`);
    const current = content[element];
    const at = offset ?? current.length;
    this.app.setOrderField(windowId, element, current.slice(0, at) + text + current.slice(at));
  }

  async setValue(ref: string): Promise<void> {
    throw new Error(`${ref} has no numeric value`);
  }

  async select(ref: string): Promise<void> {
    const { windowId, element } = parseRef(ref);
    const code = element.split('/')[1];
    if (!element.startsWith('currency/') || !CURRENCIES.some((c) => c === code)) throw new Error(`cannot select ${ref}`);
    this.app.setPreference(windowId, { currency: code as string });
  }

  async focus(ref: string): Promise<void> {
    this.app.activate(parseRef(ref).windowId);
  }

  async click(ref: string): Promise<void> {
    return this.doAction(ref, 'click');
  }

  async readChildren(ref: string, offset: number, limit: number): Promise<A11yNode[]> {
    const { windowId, element } = parseRef(ref);
    const content = this.app.windows.get(windowId)?.content;
    if (content?.kind !== 'report' || element !== 'table') throw new Error(`${ref} has no lazy children`);
    const columns = REPORT_COLUMNS.length;
    const first = Math.max(0, offset - columns);
    const end = Math.min(REPORT_TOTAL_ROWS, offset + limit - columns);
    const rows: A11yNode[] = [];
    for (let i = first; i < end; i++) rows.push(reportRowNode(windowId, content.reportNo, i));
    return rows;
  }

  async readText(ref: string): Promise<string> {
    const { windowId, element } = parseRef(ref);
    const content = this.app.windows.get(windowId)?.content;
    if (content?.kind !== 'order' || !isOrderField(element) || element === 'password') throw new Error(`${ref} has no readable text`);
    return content[element];
  }

  async activateWindow(nativeId: string): Promise<void> {
    this.app.activate(nativeId);
  }

  async closeWindow(nativeId: string): Promise<void> {
    this.app.closeWindow(nativeId);
  }

  async sendKeys(nativeId: string, input: KeyInput): Promise<void> {
    // The demo has no keyboard focus model beyond windows: Escape closes a dialog, Return confirms.
    if (!('keys' in input)) throw new Error('the demo app has no focused text field for typing');
    // The one chord grammar, as a real keyboard reads it: "esc" and "Escape" are the same key.
    for (const { modifiers, key } of parseChords(input.keys)) {
      const window = this.app.windows.get(nativeId);
      if (!window) return;
      if (modifiers.length > 0) continue;
      if (key === 'Escape' && window.modal) this.app.closeWindow(nativeId);
      if (key === 'Return' && window.content.kind === 'confirm') this.app.confirm(nativeId);
    }
  }

  async doAppAction(appKey: string, name: string): Promise<void> {
    if (appKey !== DEMO_APP_KEY) throw new Error(`unknown application ${appKey}`);
    if ((name === 'new_report' || name === 'new_order') && !this.app.canOpenWindow()) {
      throw new Error(`the Orders demo has ${MAX_DEMO_WINDOWS} windows open, its limit: close one first`);
    }
    if (name === 'new_report') return this.app.newReport();
    if (name === 'new_order') return this.app.newOrder();
    if (name === 'preferences') return this.app.openPreferences();
    throw new Error(`unknown application action ${name}`);
  }

  async close(): Promise<void> {
    this.app.dispose();
  }

  private preferencesAction(windowId: string, element: string): void {
    const content = this.app.windows.get(windowId)?.content;
    if (content?.kind !== 'preferences') return;
    if (element === 'confirm-check') {
      return this.app.setPreference(windowId, { confirmBeforeSubmit: !content.confirmBeforeSubmit });
    }
    if (element === 'save') return this.app.savePreferences(windowId, content.currency, content.confirmBeforeSubmit);
    throw new Error(`no action on ${windowId}/${element}`);
  }
}

function parseRef(ref: string): { windowId: string; element: string } {
  const slash = ref.indexOf('/');
  return slash < 0 ? { windowId: ref, element: '' } : { windowId: ref.slice(0, slash), element: ref.slice(slash + 1) };
}

function isOrderField(element: string): element is OrderField {
  return (ORDER_FIELDS as readonly string[]).includes(element);
}
