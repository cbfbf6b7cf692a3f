/**
 * Change detection for Windows and macOS by polling: node-window-manager has no window events
 * (its own 'window-activated' is a 50 ms poll), and the helpers do not subscribe to UIA / AX
 * events yet. Topology is compared every `pollMs`; window content is re-read every
 * `contentPollMs` (the bridge bumps a version only when the translated content really changed).
 */
import type { NativeWindow, ProbeChange } from '../probe.js';

export interface WatcherOptions {
  pollMs: number;
  contentPollMs: number;
  listWindows(): Promise<NativeWindow[]>;
  emit(change: ProbeChange): void;
  onError(error: unknown): void;
}

export class ChangeWatcher {
  private topologyTimer: NodeJS.Timeout | null = null;
  private contentTimer: NodeJS.Timeout | null = null;
  private lastSignature = '';
  private busy = false;
  private ids: string[] = [];

  constructor(private readonly options: WatcherOptions) {}

  start(): void {
    if (this.options.pollMs > 0 && !this.topologyTimer) {
      this.topologyTimer = setInterval(() => void this.checkTopology(), this.options.pollMs);
      this.topologyTimer.unref();
    }
    if (this.options.contentPollMs > 0 && !this.contentTimer) {
      this.contentTimer = setInterval(() => this.touchContent(), this.options.contentPollMs);
      this.contentTimer.unref();
    }
  }

  stop(): void {
    if (this.topologyTimer) clearInterval(this.topologyTimer);
    if (this.contentTimer) clearInterval(this.contentTimer);
    this.topologyTimer = this.contentTimer = null;
  }

  /** Records what the bridge last saw, so the next poll only reports real differences. */
  observe(windows: NativeWindow[]): void {
    this.lastSignature = signature(windows);
    this.ids = windows.map((w) => w.nativeId);
  }

  async checkTopology(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const windows = await this.options.listWindows();
      const next = signature(windows);
      if (next !== this.lastSignature) {
        this.observe(windows);
        this.options.emit({ kind: 'windows' });
      }
    } catch (error) {
      this.options.onError(error);
    } finally {
      this.busy = false;
    }
  }

  touchContent(): void {
    if (this.ids.length > 0) this.options.emit({ kind: 'content', nativeIds: [...this.ids] });
  }
}

function signature(windows: NativeWindow[]): string {
  return JSON.stringify(
    windows.map((w) => [w.nativeId, w.title, w.modal, w.ownerNativeId, w.active, w.bounds]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  );
}
