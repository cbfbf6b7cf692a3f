/** The seams between the shared desktop probe and its Windows / macOS parts. */
import type { ActionPrimitives, AppInfo, NativeWindow, TreeBudget, WindowTree } from '../probe.js';

export interface DesktopSnapshot {
  apps: AppInfo[];
  windows: NativeWindow[];
}

/** Windows and their topology: node-window-manager, enriched by the platform's helper. */
export interface PlatformWindows {
  snapshot(): Promise<DesktopSnapshot>;
  /** Brings a window to the front (un-minimising it where the platform needs that). */
  activate(nativeId: string): Promise<void>;
}

/** Trees are unavailable for now; `reason` becomes the window's warn notice. */
export interface TreesUnavailable {
  unavailable: string;
}

export type TreeResult = WindowTree | TreesUnavailable;

export function isUnavailable(result: TreeResult): result is TreesUnavailable {
  return 'unavailable' in result;
}

export type TreePrimitives = Pick<ActionPrimitives, 'doAction' | 'setText' | 'insertText' | 'setValue' | 'select' | 'focus' | 'readChildren' | 'readText'>;

/** Accessibility trees and node-level actions: UI Automation or AX through a helper process. */
export interface TreeSource extends TreePrimitives {
  readTree(window: NativeWindow, budget: TreeBudget): Promise<TreeResult>;
  /** Closes through the accessibility API; false when it cannot (the probe then uses keys). */
  closeWindow(window: NativeWindow): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Node refs of the desktop probes start with the window's native id: `<nativeId>:<element>`.
 * The window-only root's ref is the bare native id.
 */
export function windowOfRef(ref: string): string {
  const colon = ref.indexOf(':');
  return colon < 0 ? ref : ref.slice(0, colon);
}

/**
 * insertText for platforms without a text-insertion API (UIA ValuePattern, AXValue): read, splice,
 * write back. `readText` refuses password fields, so a secret is never read to insert into it.
 */
export async function insertBySplice(source: Pick<TreePrimitives, 'readText' | 'setText'>, ref: string, text: string, offset?: number): Promise<void> {
  const current = await source.readText(ref);
  const at = offset === undefined ? current.length : Math.max(0, Math.min(offset, current.length));
  await source.setText(ref, current.slice(0, at) + text + current.slice(at));
}
