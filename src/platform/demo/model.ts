/**
 * The built-in demo application: a simulated multi-window "Orders" app playing the seed's
 * scenario (Order Editor, Confirm order, Report Details, Preferences). It is the application, not
 * the bridge: it validates its own forms, opens its own dialogs (a little later, like real apps),
 * and can play a human user editing fields. The demo probe reads it like a platform reads a GUI.
 */
import { EventEmitter } from 'node:events';
import { validateOrder, type OrderField } from './validation.js';

export interface OrderState {
  kind: 'order';
  orderNo: number;
  recipient: string;
  amount: string;
  /** Never leaves the app in clear text: the probe reports it masked. */
  password: string;
  products: Array<[string, number]>;
  errors: Partial<Record<OrderField, string>>;
  submitted: boolean;
}
export interface ConfirmState {
  kind: 'confirm';
  orderWindowId: string;
}
export interface ReportState {
  kind: 'report';
  reportNo: number;
}
export interface PreferencesState {
  kind: 'preferences';
  currency: string;
  confirmBeforeSubmit: boolean;
}
export type DemoContent = OrderState | ConfirmState | ReportState | PreferencesState;

export interface DemoWindow {
  id: string;
  title: string;
  modal: boolean;
  ownerId: string | null;
  content: DemoContent;
}

export interface DemoOptions {
  /** Order Editor windows at start (the seed scenario has one). */
  orderEditors?: number;
  /** Report Details windows at start. */
  reports?: number;
  /** Delay before dialogs and windows appear, like a real toolkit's main loop (ms). */
  effectDelayMs?: number;
}

export type DemoChange = { kind: 'windows' } | { kind: 'content'; windowId: string };

export const CURRENCIES = ['USD', 'EUR', 'JPY'] as const;

/**
 * Like a real app with a window limit, the demo opens no new window beyond this many (its New
 * commands turn disabled): an agent looping on "New report" must not grow the server without
 * bound. Windows asked for at start (--demo-orders/--demo-reports) are the operator's choice.
 */
export const MAX_DEMO_WINDOWS = 200;

export class DemoApp {
  readonly windows = new Map<string, DemoWindow>();
  activeWindowId: string | null = null;
  currency = 'USD';
  confirmBeforeSubmit = true;
  private readonly events = new EventEmitter();
  private readonly effectDelayMs: number;
  private nextWindow = 1;
  private nextOrderNo = 12345;
  private nextReportNo = 1;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(options: DemoOptions = {}) {
    this.effectDelayMs = options.effectDelayMs ?? 15;
    for (let i = 0; i < (options.orderEditors ?? 1); i++) this.openOrderEditor();
    for (let i = 0; i < (options.reports ?? 1); i++) this.openReport();
  }

  /** Whether the New commands may open one more window now. */
  canOpenWindow(): boolean {
    return this.windows.size < MAX_DEMO_WINDOWS;
  }

  onChange(listener: (change: DemoChange) => void): () => void {
    this.events.on('change', listener);
    return () => this.events.off('change', listener);
  }

  openOrderEditor(): DemoWindow {
    const orderNo = this.nextOrderNo++;
    const content: OrderState = {
      kind: 'order',
      orderNo,
      recipient: '',
      amount: '$100.00',
      password: '',
      products: [
        ['Widget A', 2],
        ['Widget B', 1],
      ],
      errors: {},
      submitted: false,
    };
    return this.addWindow(`Order Editor — #${orderNo}`, false, null, content);
  }

  openReport(): DemoWindow {
    const reportNo = this.nextReportNo++;
    return this.addWindow(`Report Details — Sales ${reportNo}`, false, null, { kind: 'report', reportNo });
  }

  /** The File › Preferences command: an application-level modal (P-WIN-2: modal, no owner). */
  openPreferences(): void {
    this.later(() => {
      const prefs: PreferencesState = {
        kind: 'preferences',
        currency: this.currency,
        confirmBeforeSubmit: this.confirmBeforeSubmit,
      };
      this.addWindow('Preferences', true, null, prefs);
    });
  }

  /** The New Report command, run later like a real main loop would. */
  newReport(): void {
    this.later(() => {
      if (this.canOpenWindow()) this.openReport();
    });
  }

  newOrder(): void {
    this.later(() => {
      if (this.canOpenWindow()) this.openOrderEditor();
    });
  }

  setOrderField(windowId: string, field: OrderField, value: string): void {
    const order = this.order(windowId);
    if (order.submitted) return;
    order[field] = value;
    // Like many form apps: a field's error clears once the user edits it.
    delete order.errors[field];
    this.changed(windowId);
  }

  /** The Submit button: validates, then asks for confirmation in a window-level modal. */
  submit(windowId: string): void {
    const order = this.order(windowId);
    if (order.submitted) return;
    order.errors = validateOrder(order);
    this.changed(windowId);
    if (Object.keys(order.errors).length > 0) return;
    if (!this.confirmBeforeSubmit) return this.markSubmitted(windowId);
    this.later(() => {
      if (!this.windows.has(windowId)) return;
      this.addWindow('Confirm order', true, windowId, { kind: 'confirm', orderWindowId: windowId });
    });
  }

  confirm(dialogId: string): void {
    const dialog = this.windows.get(dialogId);
    if (dialog?.content.kind !== 'confirm') return;
    this.removeWindow(dialogId);
    this.markSubmitted(dialog.content.orderWindowId);
  }

  savePreferences(windowId: string, currency: string, confirmBeforeSubmit: boolean): void {
    const prefs = this.windows.get(windowId);
    if (prefs?.content.kind !== 'preferences') return;
    prefs.content.currency = currency;
    prefs.content.confirmBeforeSubmit = confirmBeforeSubmit;
    this.currency = currency;
    this.confirmBeforeSubmit = confirmBeforeSubmit;
    this.removeWindow(windowId);
  }

  setPreference(windowId: string, patch: Partial<Omit<PreferencesState, 'kind'>>): void {
    const prefs = this.windows.get(windowId);
    if (prefs?.content.kind !== 'preferences') return;
    Object.assign(prefs.content, patch);
    this.changed(windowId);
  }

  activate(windowId: string): void {
    if (!this.windows.has(windowId) || this.activeWindowId === windowId) return;
    this.activeWindowId = windowId;
    this.events.emit('change', { kind: 'windows' } satisfies DemoChange);
  }

  closeWindow(windowId: string): void {
    // Closing a window closes the dialogs attached to it, as toolkits do.
    for (const w of [...this.windows.values()]) if (w.ownerId === windowId) this.closeWindow(w.id);
    this.removeWindow(windowId);
  }

  /** A human user typing into a field of an Order Editor (for stale_state demonstrations). */
  userEdits(windowId: string, field: OrderField, value: string): void {
    this.setOrderField(windowId, field, value);
  }

  /** Plays the user: every `intervalMs`, edits the Amount of the first open Order Editor. */
  simulateUser(intervalMs: number): () => void {
    let cents = 10000;
    const timer = setInterval(() => {
      const order = [...this.windows.values()].find((w) => w.content.kind === 'order' && !w.content.submitted);
      if (!order) return;
      cents += 125;
      this.userEdits(order.id, 'amount', `$${(cents / 100).toFixed(2)}`);
    }, intervalMs);
    timer.unref();
    this.timers.add(timer);
    return () => {
      clearInterval(timer);
      this.timers.delete(timer);
    };
  }

  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.events.removeAllListeners();
  }

  private markSubmitted(windowId: string): void {
    const order = this.windows.get(windowId);
    if (order?.content.kind !== 'order') return;
    order.content.submitted = true;
    order.title = `Order Editor — #${order.content.orderNo} (submitted)`;
    this.changed(order.id);
    // A title is window-manager state: platforms report it as a window change.
    this.events.emit('change', { kind: 'windows' } satisfies DemoChange);
  }

  private order(windowId: string): OrderState {
    const w = this.windows.get(windowId);
    if (w?.content.kind !== 'order') throw new Error(`no Order Editor ${windowId}`);
    return w.content;
  }

  private addWindow(title: string, modal: boolean, ownerId: string | null, content: DemoContent): DemoWindow {
    const window: DemoWindow = { id: `demo-${this.nextWindow++}`, title, modal, ownerId, content };
    this.windows.set(window.id, window);
    this.activeWindowId = window.id;
    this.events.emit('change', { kind: 'windows' } satisfies DemoChange);
    return window;
  }

  private removeWindow(windowId: string): void {
    if (!this.windows.delete(windowId)) return;
    if (this.activeWindowId === windowId) this.activeWindowId = [...this.windows.keys()].at(-1) ?? null;
    this.events.emit('change', { kind: 'windows' } satisfies DemoChange);
  }

  private changed(windowId: string): void {
    this.events.emit('change', { kind: 'content', windowId } satisfies DemoChange);
  }

  private later(effect: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      effect();
    }, this.effectDelayMs);
    this.timers.add(timer);
  }
}
