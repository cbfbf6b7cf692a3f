/**
 * The probe shared by Windows and macOS: windows from node-window-manager (enriched by the
 * platform), trees and node actions from the platform's accessibility helper, keyboard, pointer
 * and screenshots from nut-js. When trees are unavailable (no helper, no permission, helper
 * crashed) every window degrades to window-only mode instead of disappearing.
 */
import { EventEmitter } from 'node:events';
import type { A11yNode, DesktopTopology, KeyInput, NativeWindow, Probe, ProbeChange, Rect, TreeBudget, WindowTree } from '../probe.js';
import { visitTree } from '../treeBudget.js';
import type { Logger } from '../../util/logger.js';
import { ChangeWatcher } from './changeWatcher.js';
import type { DesktopInput } from './input.js';
import type { RegionGrabber } from './screenshots.js';
import { isUnavailable, windowOfRef, type PlatformWindows, type TreeSource } from './types.js';
import { windowOnlyTree } from './windowOnly.js';

export interface DesktopProbeOptions {
  platform: 'win32' | 'darwin';
  windows: PlatformWindows;
  /** Null when no helper can run at all; `treesMissing` then says why. */
  trees: TreeSource | null;
  treesMissing?: string;
  /** Null when nut-js is not available: no keys, clicks or screenshots. */
  input: DesktopInput | null;
  screenshots: RegionGrabber | null;
  inputMissing?: string;
  /** The chord that closes a window when the accessibility API cannot ("alt+F4", "cmd+w"). */
  closeChord: string;
  log: Logger;
  pollMs?: number;
  contentPollMs?: number;
}

export class DesktopProbe implements Probe {
  readonly platform: string;
  readonly settleMs = 50;
  private readonly events = new EventEmitter();
  private readonly watcher: ChangeWatcher;
  private readonly windowsById = new Map<string, NativeWindow>();
  private readonly lastTrees = new Map<string, WindowTree>();

  constructor(private readonly options: DesktopProbeOptions) {
    this.platform = options.platform;
    this.events.setMaxListeners(0);
    this.watcher = new ChangeWatcher({
      pollMs: options.pollMs ?? 1000,
      contentPollMs: options.contentPollMs ?? 2000,
      listWindows: () => this.options.windows.snapshot().then((s) => s.windows),
      emit: (change) => this.emit(change),
      onError: (error) => options.log.warn('window listing failed', { error: errorText(error) }),
    });
  }

  async readTopology(): Promise<DesktopTopology> {
    const { apps, windows } = await this.options.windows.snapshot();
    this.windowsById.clear();
    for (const window of windows) this.windowsById.set(window.nativeId, window);
    for (const id of this.lastTrees.keys()) if (!this.windowsById.has(id)) this.forget(id);
    this.watcher.observe(windows);
    return { apps, windows };
  }

  async readTree(nativeId: string, budget: TreeBudget): Promise<WindowTree> {
    const window = this.windowsById.get(nativeId);
    if (!window) throw new Error(`window ${nativeId} is gone`);
    const result = this.options.trees
      ? await this.options.trees.readTree(window, budget)
      : { unavailable: this.options.treesMissing ?? 'No accessibility helper is available on this system.' };
    const tree = isUnavailable(result) ? windowOnlyTree({ window, reason: result.unavailable }) : result;
    this.lastTrees.set(nativeId, tree);
    return tree;
  }

  subscribe(listener: (change: ProbeChange) => void): () => void {
    this.events.on('change', listener);
    this.watcher.start();
    return () => {
      this.events.off('change', listener);
      if (this.events.listenerCount('change') === 0) this.watcher.stop();
    };
  }

  /** Called by the platform parts when the helper goes down or comes back: re-read everything. */
  helperHealthChanged(): void {
    this.emit({ kind: 'windows' });
    this.emit({ kind: 'content', nativeIds: [...this.windowsById.keys()] });
  }

  doAction(ref: string, action: string): Promise<void> {
    return this.onNode(ref, (trees) => trees.doAction(ref, action));
  }

  setText(ref: string, text: string): Promise<void | 'typed' | 'committed'> {
    return this.onNode(ref, (trees) => trees.setText(ref, text));
  }

  insertText(ref: string, text: string, offset?: number): Promise<void> {
    return this.onNode(ref, (trees) => trees.insertText(ref, text, offset));
  }

  setValue(ref: string, value: number): Promise<void> {
    return this.onNode(ref, (trees) => trees.setValue(ref, value));
  }

  select(ref: string): Promise<void> {
    return this.onNode(ref, (trees) => trees.select(ref));
  }

  focus(ref: string): Promise<void> {
    return this.onNode(ref, (trees) => trees.focus(ref));
  }

  async click(ref: string): Promise<void> {
    const bounds = this.boundsOf(ref);
    if (!bounds) throw new Error('the element has no known position on screen');
    await this.options.windows.activate(windowOfRef(ref));
    await this.requireInput().clickAt(bounds);
    this.changed(windowOfRef(ref));
  }

  readChildren(ref: string, offset: number, limit: number): Promise<A11yNode[]> {
    return this.requireTrees().readChildren(ref, offset, limit);
  }

  readText(ref: string): Promise<string> {
    return this.requireTrees().readText(ref);
  }

  async activateWindow(nativeId: string): Promise<void> {
    await this.options.windows.activate(nativeId);
    this.emit({ kind: 'windows' });
  }

  async closeWindow(nativeId: string): Promise<void> {
    const window = this.windowsById.get(nativeId);
    if (!window) throw new Error(`window ${nativeId} is gone`);
    const closed = this.options.trees ? await this.options.trees.closeWindow(window).catch(() => false) : false;
    if (!closed) await this.sendKeys(nativeId, { keys: [this.options.closeChord] });
    this.emit({ kind: 'windows' });
  }

  async sendKeys(nativeId: string, input: KeyInput): Promise<void> {
    const keyboard = this.requireInput();
    keyboard.validate(input); // a typo must not first steal the user's focus
    await this.options.windows.activate(nativeId);
    await keyboard.send(input);
    this.changed(nativeId);
  }

  async doAppAction(appKey: string, name: string): Promise<void> {
    throw new Error(`application ${appKey} has no command "${name}" on ${this.platform}`);
  }

  async capture(nativeId: string): Promise<Buffer> {
    if (!this.options.screenshots) throw new Error(this.options.inputMissing ?? 'screen capture is unavailable');
    const window = this.windowsById.get(nativeId);
    if (!window?.bounds) throw new Error(`window ${nativeId} has no known position on screen`);
    return this.options.screenshots.grab(window.bounds);
  }

  async close(): Promise<void> {
    this.watcher.stop();
    this.events.removeAllListeners();
    await this.options.trees?.close();
    this.options.screenshots?.close();
  }

  private async onNode<T>(ref: string, act: (trees: TreeSource) => Promise<T>): Promise<T> {
    const result = await act(this.requireTrees());
    this.changed(windowOfRef(ref));
    return result;
  }

  private requireTrees(): TreeSource {
    if (!this.options.trees) throw new Error(this.options.treesMissing ?? 'window content is unavailable');
    return this.options.trees;
  }

  private requireInput(): DesktopInput {
    if (!this.options.input) throw new Error(this.options.inputMissing ?? 'keyboard and pointer input are unavailable');
    return this.options.input;
  }

  private boundsOf(ref: string): Rect | undefined {
    const tree = this.lastTrees.get(windowOfRef(ref));
    let found: Rect | undefined;
    if (tree) visitTree(tree.root, (node) => (found = node.ref === ref ? node.bounds : found));
    return found;
  }

  /** After our own input: the window's content may have changed, and windows may have opened or closed. */
  private changed(nativeId: string): void {
    this.emit({ kind: 'content', nativeIds: [nativeId] });
    this.emit({ kind: 'windows' });
  }

  private forget(nativeId: string): void {
    this.lastTrees.delete(nativeId);
  }

  private emit(change: ProbeChange): void {
    this.events.emit('change', change);
  }
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
