/** Builds window records from fresh facts, trees and translations; versions live here. */
import type { AppInfo, NativeWindow, WindowTree } from '../platform/probe.js';
import type { WindowFacts } from '../translate/types.js';
import { prepareWindowActions } from './prepare.js';
import { publishContent } from './publish.js';
import type { WindowRecord } from './state.js';
import type { Translation } from '../translate/registry.js';

export interface RecordInput {
  winId: string;
  order: number;
  facts: WindowFacts;
  tree: WindowTree;
  translation: Translation;
}

export function buildRecord(previous: WindowRecord | undefined, input: RecordInput, now: number): WindowRecord {
  const content = publishContent(input.translation.view);
  const contentKey = JSON.stringify(content);
  // P-CONC-1 / D-5: start at 1, +1 exactly when summary or blocks change; never on a read.
  const changed = previous === undefined || previous.contentKey !== contentKey;
  const version = previous === undefined ? 1 : changed ? previous.version + 1 : previous.version;
  const actions = prepareWindowActions(input.winId, input.translation.view, input.translation.reading);
  return {
    winId: input.winId,
    order: input.order,
    facts: input.facts,
    tree: input.tree,
    translatorId: input.translation.translatorId,
    view: input.translation.view,
    content,
    contentKey,
    version,
    lastModified: changed ? now : (previous as WindowRecord).lastModified,
    actions,
    toolsKey: JSON.stringify([...actions.values()].map((a) => a.descriptor)),
  };
}

/**
 * Window facts with public ids. P-WIN-2 defines owners only for modal windows, so a non-modal
 * window is always shown with `ownerId: null`; a modal whose owner is not served (another app,
 * outside the scope) is shown as an application-level modal of its own app.
 */
export function toFacts(native: NativeWindow, winId: string, app: AppInfo, winIdOfNative: (nativeId: string) => string | undefined): WindowFacts {
  const ownerId = native.modal && native.ownerNativeId !== null ? (winIdOfNative(native.ownerNativeId) ?? null) : null;
  return { ...native, winId, ownerId: ownerId === winId ? null : ownerId, app };
}

export function factsKey(facts: WindowFacts): string {
  const { app, ...rest } = facts;
  return JSON.stringify(rest) + app.key;
}

/** A stand-in tree for a window whose tree could not be read (gone, hung, bus lost). */
export function emptyTree(native: NativeWindow, warning: string): WindowTree {
  return {
    root: { ref: native.nativeId, role: native.modal ? 'dialog' : 'frame', name: native.title, states: [], children: [] },
    nodeCount: 1,
    truncated: false,
    warnings: [warning],
    incomplete: true,
  };
}
