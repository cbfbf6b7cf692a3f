/**
 * Top-level windows that are going away, as the change feed hears it (events.ts): the application
 * root's `children-changed:remove` naming the top-level, `window:destroy`, or the top-level turning
 * `defunct`. Measured on LibreOffice's dialogs (GTK 3 atk-bridge): these arrive together, 13 to
 * 56 ms before X11's UnmapNotify, and before the `defunct` storm of the dialog's own objects.
 *
 * From that moment nothing of the window is asked any more: a read under way stops asking
 * (`stopper`, checked before every call by `AtspiClient.guarded`), no new read starts, and events
 * about its objects start no lookup. A closing window read again (`window:create`, or the root
 * listing it again: GTK shows a hidden dialog anew) is read afresh; a read begun before it closed
 * stays stopped.
 */
import { AtspiError } from './errors.js';

/** Closed top-levels remembered at most; the oldest is forgotten first. */
export const MAX_CLOSED = 256;

export class ClosingWindows {
  /** Top-levels closing now. */
  private readonly closing = new Set<string>();
  /** The number of each top-level's last closing, kept when it reopens (oldest first). */
  private readonly lastClosing = new Map<string, number>();
  private closings = 0;
  private readonly listeners: Array<(top: string) => void> = [];

  /** `top` is going away; listeners forget what they keep of it. */
  mark(top: string): void {
    if (this.closing.has(top)) return;
    this.closing.add(top);
    this.lastClosing.delete(top);
    this.lastClosing.set(top, ++this.closings);
    if (this.lastClosing.size > MAX_CLOSED) {
      const oldest = this.lastClosing.keys().next().value as string;
      this.lastClosing.delete(oldest);
      this.closing.delete(oldest);
    }
    for (const listener of this.listeners) listener(top);
  }

  /** `top` is shown again: it may be read again. */
  reopened(top: string): void {
    this.closing.delete(top);
  }

  isClosing(top: string): boolean {
    return this.closing.has(top);
  }

  /** Hears each window that starts closing. */
  onClosing(listener: (top: string) => void): void {
    this.listeners.push(listener);
  }

  /**
   * For one read of `top`: true when the window was closing as the read began, or has closed
   * since, even if it has been shown again: that read began on the window that went away.
   */
  stopper(top: string): () => boolean {
    const begun = this.closings;
    const closingAlready = this.closing.has(top);
    return () => closingAlready || (this.lastClosing.get(top) ?? 0) > begun;
  }
}

/** A read, or one call of it, refused because its window is closing. */
export class WindowClosingError extends AtspiError {
  constructor(ref: string) {
    super('gone', `${ref}: its window is closing, nothing of it is asked any more`);
  }
}
