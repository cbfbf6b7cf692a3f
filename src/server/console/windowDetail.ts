/**
 * For translator authors: one window's raw accessibility tree beside its translation,
 * and a fixture of it (the window and its owners) that `serve --fixture` and TranslatorTester
 * replay. Both come from the tree the bridge already holds (no new platform read), and secret
 * nodes are scrubbed exactly as `gui-bridge record` does (P-SENS-1).
 */
import type { Bridge } from '../../bridge/bridge.js';
import type { WindowRecord } from '../../bridge/state.js';
import type { Fixture } from '../../platform/fixture/format.js';
import { assembleFixture, scrubSecrets } from '../../platform/fixture/record.js';
import type { A11yNode, NativeWindow, WindowTree } from '../../platform/probe.js';
import type { ProtocolWindow } from '../../protocol/schemas.js';

export interface WindowDetail {
  id: string;
  translatorId: string;
  tree: { root: A11yNode; nodeCount: number; truncated: boolean; warnings: string[] };
  translation: ProtocolWindow | undefined;
}

export function windowDetail(bridge: Bridge, winId: string): WindowDetail | undefined {
  const record = bridge.state.window(winId);
  if (!record) return undefined;
  return {
    id: winId,
    translatorId: record.translatorId,
    tree: safeTree(record.tree),
    translation: bridge.snapshot().windows.find((w) => w.id === winId),
  };
}

/** A fixture of the window and the chain of windows it belongs to (a dialog needs its owner). */
export function windowFixture(bridge: Bridge, winId: string, now = new Date()): Fixture | undefined {
  const record = bridge.state.window(winId);
  if (!record) return undefined;
  const byNative = new Map(bridge.windows().map((r) => [r.facts.nativeId, r]));
  const chain: WindowRecord[] = [];
  for (let r: WindowRecord | undefined = record; r && !chain.includes(r); r = r.facts.ownerNativeId ? byNative.get(r.facts.ownerNativeId) : undefined) {
    chain.unshift(r);
  }
  const apps = new Map(chain.map((r) => [r.facts.app.key, r.facts.app]));
  return assembleFixture({
    platform: bridge.probe.platform,
    now,
    note: `recorded from the console: window ${winId} ("${record.facts.title}"), translated by ${record.translatorId}`,
    apps: [...apps.values()],
    windows: chain.map((r) => nativeOf(r)),
    trees: Object.fromEntries(chain.map((r) => [r.facts.nativeId, safeTree(r.tree)])),
  });
}

function safeTree(tree: WindowTree): WindowDetail['tree'] {
  return { root: scrubSecrets(tree.root, []), nodeCount: tree.nodeCount, truncated: tree.truncated, warnings: tree.warnings };
}

function nativeOf(record: WindowRecord): NativeWindow {
  const { nativeId, appKey, pid, title, ownerNativeId, modal, active, fullscreen, bounds, windowType, className } = record.facts;
  return { nativeId, appKey, pid, title, ownerNativeId, modal, active, fullscreen, bounds, windowType, ...(className !== undefined ? { className } : {}) };
}
