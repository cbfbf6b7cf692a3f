/** A scripted ActionContext for unit tests of action `run`s: primitives are recorded and may change the window. */
import { BridgeError } from '../../../src/protocol/errors.js';
import type { A11yNode, ActionPrimitives, AppInfo } from '../../../src/platform/probe.js';
import type { ActionContext, LiveWindow, StateReader, WindowFacts } from '../../../src/translate/types.js';

export interface Call {
  primitive: string;
  args: unknown[];
}

/** What a primitive does to the app: a new tree for the window, 'close', or a new window. */
export type Effect = (call: Call) => { root?: A11yNode; close?: boolean; open?: string } | undefined;

const APP: AppInfo = { key: 'app', id: 'test.App', name: 'Test', pid: 1, actions: [] };

function live(winId: string, root: A11yNode, version: number, title = 'Window'): LiveWindow {
  const facts: WindowFacts = { nativeId: `x-${winId}`, appKey: 'app', pid: 1, title, ownerNativeId: null, modal: false, active: true, fullscreen: false, bounds: null, windowType: 'normal', winId, ownerId: null, app: APP };
  return { winId, facts, tree: { root, nodeCount: 1, truncated: false, warnings: [] }, view: { summary: '', blocks: [], actions: [] }, version };
}

export function fakeContext(root: A11yNode, effect: Effect = () => undefined, extras: { texts?: Record<string, string>; children?: A11yNode[] } = {}) {
  const windows = new Map<string, LiveWindow>([['w1', live('w1', root, 1)]]);
  const calls: Call[] = [];
  const state: StateReader = { windows: () => [...windows.values()], window: (id) => windows.get(id), apps: () => [APP] };
  const record = async (primitive: string, ...args: unknown[]) => {
    const call = { primitive, args };
    calls.push(call);
    const change = effect(call);
    const current = windows.get('w1');
    if (change?.root && current) windows.set('w1', live('w1', change.root, current.version + 1));
    if (change?.close) windows.delete('w1');
    if (change?.open) windows.set(change.open, live(change.open, { ref: change.open, role: 'dialog', name: 'New', states: [], children: [] }, 1, 'New'));
  };
  const probe: ActionPrimitives = {
    doAction: (...a) => record('doAction', ...a),
    setText: (...a) => record('setText', ...a),
    insertText: (...a) => record('insertText', ...a),
    setValue: (...a) => record('setValue', ...a),
    select: (...a) => record('select', ...a),
    focus: (...a) => record('focus', ...a),
    click: (...a) => record('click', ...a),
    activateWindow: (...a) => record('activateWindow', ...a),
    closeWindow: (...a) => record('closeWindow', ...a),
    sendKeys: (...a) => record('sendKeys', ...a),
    doAppAction: (...a) => record('doAppAction', ...a),
    readChildren: async (ref, offset, limit) => (calls.push({ primitive: 'readChildren', args: [ref, offset, limit] }), (extras.children ?? []).slice(0, limit)),
    readText: async (ref) => (calls.push({ primitive: 'readText', args: [ref] }), extras.texts?.[ref] ?? ''),
  };
  const ctx: ActionContext = {
    get window() {
      return windows.get('w1') ?? null;
    },
    app: APP,
    probe,
    state,
    signal: new AbortController().signal,
    // One look at the state after the primitive's effect: the scripted app is synchronous.
    waitFor: async (check, options) => {
      const value = check(state);
      if (value) return value;
      throw new BridgeError('action_timeout', `Timed out waiting for ${options?.what ?? 'the effect'}.`);
    },
  };
  return { ctx, calls, windows };
}
