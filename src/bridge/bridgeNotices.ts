/**
 * The notices the bridge itself adds to a window, whatever its translator: the per-application
 * window limit's (windowCap.ts) and read churn's (pacing.ts). It also remembers what each window
 * last showed, so that a window whose notices changed is translated again without being read.
 */
import type { NativeWindow } from '../platform/probe.js';
import type { Logger } from '../util/logger.js';
import { CHURN_NOTICE, type ReadPacer } from './pacing.js';
import { capWindows, DEFAULT_MAX_WINDOWS_PER_APP } from './windowCap.js';

export interface BridgeNotice {
  type: 'notice';
  id: string;
  severity: 'warn' | 'info';
  text: string;
}

export class BridgeNotices {
  private capNotices = new Map<string, string>();
  private readonly shown = new Map<string, string>();
  private hiddenWindows = 0;

  constructor(
    private readonly pacer: ReadPacer,
    private readonly log: Logger,
    private readonly maxWindowsPerApp = DEFAULT_MAX_WINDOWS_PER_APP,
  ) {}

  /**
   * The windows published of `listing`, at most `maxWindowsPerApp` per application, keeping those
   * already published (`published`); the others' owners get a notice, and the log says how many.
   */
  capListing(listing: NativeWindow[], published: (nativeId: string) => boolean): NativeWindow[] {
    const max = this.maxWindowsPerApp;
    const capped = capWindows(listing, max, published);
    if (capped.hidden !== this.hiddenWindows) {
      if (capped.hidden > 0) this.log.warn(`window limit: ${capped.hidden} windows not published (at most ${max} per application)`);
      this.hiddenWindows = capped.hidden;
    }
    this.capNotices = capped.notices;
    return capped.kept;
  }

  of(nativeId: string): BridgeNotice[] {
    const cap = this.capNotices.get(nativeId);
    return [
      ...(cap ? [{ type: 'notice' as const, id: 'window-limit', severity: 'warn' as const, text: cap }] : []),
      ...(this.pacer.churning(nativeId) ? [{ type: 'notice' as const, id: 'read-churn', severity: 'info' as const, text: CHURN_NOTICE }] : []),
    ];
  }

  /** Whether the window last showed exactly these notices. */
  unchanged(nativeId: string, notices: BridgeNotice[]): boolean {
    return this.shown.get(nativeId) === keyOf(notices);
  }

  /** Notes what the window shows from now on. */
  showing(nativeId: string, notices: BridgeNotice[]): void {
    this.shown.set(nativeId, keyOf(notices));
  }

  forget(nativeId: string): void {
    this.shown.delete(nativeId);
  }
}

function keyOf(notices: BridgeNotice[]): string {
  return notices.map((n) => n.text).join('\n');
}
