/**
 * A scripted ActionContext for unit tests of an action's `run` (public: `gui-bridge/testing`).
 * Every primitive is recorded in `calls`; an `effect` says what it does to the app — a new tree for
 * the window, closing it, or opening another window — so `ctx.waitFor` sees the effect happen.
 * The scripted app is synchronous: `waitFor` looks once at the state after the last primitive and
 * fails with `action_timeout` when the effect did not happen.
 */
import { BridgeError } from '../protocol/errors.js';
import type { A11yNode, ActionPrimitives, AppInfo, WindowTree } from '../platform/probe.js';
import type { ActionContext, LiveWindow, StateReader, WindowFacts, WindowView } from '../translate/types.js';

export interface PrimitiveCall {
  primitive: string;
  args: unknown[];
}

/** What a primitive does to the app: a new tree for the window, closing it, or a new window (its id). */
export type PrimitiveEffect = (call: PrimitiveCall) => { root?: A11yNode; close?: boolean; open?: string } | undefined;

export interface FakeContextOptions {
  /** Facts of the acted-on window (default: an active normal window "Window" of app test.App). */
  facts?: Partial<WindowFacts>;
  /** The view the bridge would hold (default: empty). */
  view?: WindowView;
  /** Full texts `readText(ref)` returns. */
  texts?: Record<string, string>;
  /** Children `readChildren` returns (sliced by its limit). */
  children?: A11yNode[];
  /** Menu items run by keys (`menuKeys`), as a toolkit like GTK 3 answers; absent: no `menuKeys` primitive. */
  menuKeys?: Record<string, string[]>;
}

export interface FakeActionContext {
  ctx: ActionContext;
  /** Every primitive call, in order (`settle` included, as `{ primitive: 'settle', args: [ms] }`). */
  calls: PrimitiveCall[];
  /** The scripted state: window id → window. */
  windows: Map<string, LiveWindow>;
}

export const FAKE_APP: AppInfo = { key: 'app', id: 'test.App', name: 'Test', pid: 1, actions: [] };

/** Facts of one plain, active window of FAKE_APP; tests override what they care about. */
export function fakeWindowFacts(overrides: Partial<WindowFacts> = {}): WindowFacts {
  return { ...DEFAULT_FACTS, ...overrides };
}

const DEFAULT_FACTS: WindowFacts = {
  nativeId: 'x-w1',
  appKey: FAKE_APP.key,
  pid: 1,
  title: 'Window',
  ownerNativeId: null,
  modal: false,
  active: true,
  fullscreen: false,
  bounds: null,
  windowType: 'normal',
  winId: 'w1',
  ownerId: null,
  app: FAKE_APP,
};

function tree(root: A11yNode): WindowTree {
  return { root, nodeCount: 1, truncated: false, warnings: [] };
}

function live(facts: WindowFacts, root: A11yNode, version: number, view: WindowView): LiveWindow {
  return { winId: facts.winId, facts, tree: tree(root), view, version };
}

/** A context acting on one window (`w1`) whose tree is `root`. */
export function fakeActionContext(root: A11yNode, effect: PrimitiveEffect = () => undefined, options: FakeContextOptions = {}): FakeActionContext {
  const facts = fakeWindowFacts(options.facts);
  const emptyView: WindowView = options.view ?? { summary: '', blocks: [], actions: [] };
  const windows = new Map<string, LiveWindow>([[facts.winId, live(facts, root, 1, emptyView)]]);
  const calls: PrimitiveCall[] = [];
  const state: StateReader = { windows: () => [...windows.values()], window: (id) => windows.get(id), apps: () => [facts.app] };
  const record = async (primitive: string, ...args: unknown[]) => {
    const call = { primitive, args };
    calls.push(call);
    const change = effect(call);
    const current = windows.get(facts.winId);
    if (change?.root && current) windows.set(facts.winId, live(current.facts, change.root, current.version + 1, emptyView));
    if (change?.close) windows.delete(facts.winId);
    if (change?.open) {
      const opened: WindowFacts = {
        ...facts,
        nativeId: `x-${change.open}`,
        winId: change.open,
        title: 'New',
        modal: true,
        ownerId: facts.winId,
        ownerNativeId: facts.nativeId,
      };
      windows.set(change.open, live(opened, { ref: change.open, role: 'dialog', name: 'New', states: [], children: [] }, 1, emptyView));
    }
  };
  const probe: ActionPrimitives = {
    doAction: (...a) => record('doAction', ...a),
    setText: (...a) => record('setText', ...a),
    insertText: (...a) => record('insertText', ...a),
    setValue: (...a) => record('setValue', ...a),
    select: (...a) => record('select', ...a),
    focus: (...a) => record('focus', ...a),
    click: (...a) => record('click', ...a),
    doubleClick: (...a) => record('doubleClick', ...a),
    activateWindow: (...a) => record('activateWindow', ...a),
    closeWindow: (...a) => record('closeWindow', ...a),
    sendKeys: (...a) => record('sendKeys', ...a),
    doAppAction: (...a) => record('doAppAction', ...a),
    readChildren: async (ref, offset, limit) => (
      calls.push({ primitive: 'readChildren', args: [ref, offset, limit] }),
      (options.children ?? []).slice(0, limit)
    ),
    readText: async (ref) => (calls.push({ primitive: 'readText', args: [ref] }), options.texts?.[ref] ?? ''),
    ...(options.menuKeys ? { menuKeys: async (ref: string) => options.menuKeys?.[ref] ?? null } : {}),
  };
  const ctx: ActionContext = {
    get window() {
      return windows.get(facts.winId) ?? null;
    },
    app: facts.app,
    probe,
    state,
    signal: new AbortController().signal,
    waitFor: async (check, waitOptions) => {
      const value = check(state);
      if (value) return value;
      throw new BridgeError('action_timeout', `Timed out waiting for ${waitOptions?.what ?? 'the effect'}.`);
    },
    settle: async (ms) => void calls.push({ primitive: 'settle', args: [ms] }),
  };
  return { ctx, calls, windows };
}
