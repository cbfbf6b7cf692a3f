/**
 * GTK 4.8 sends no event when a list or grid view scrolls: its scroll bar announces no value
 * change, and a row announces new bounds only when its allocation changes; a row scrolled back to
 * the place it left (GTK keeps it there: stalePlaces.ts) announces nothing. Measured on Nautilus:
 * after a scroll of 1,000 px down and back, no event came at times, and the state kept listing the
 * files seen below. So while a window with such a view is served, its scroll value is asked again
 * every few seconds (one call per view); a value that moved has the window read whole. Each read
 * of the window starts over with the values it saw.
 */
import type { ScrollValues } from './lazyViews.js';
import { RecheckWatch } from './recheckWatch.js';

/** Delays of the checks after a read; the last one repeats until the window's next read. */
export const SCROLL_CHECK_DELAYS_MS = [500, 1000, 2000];

export class ScrollWatch extends RecheckWatch<ReadonlyMap<string, number>> {
  constructor(values: Pick<ScrollValues, 'of'>, moved: (top: string) => void, delays: readonly number[] = SCROLL_CHECK_DELAYS_MS) {
    super(
      async (seen) => {
        for (const [view, value] of seen) {
          const now = await values.of(view);
          if (now && now.value !== value) return true;
        }
        return false;
      },
      moved,
      delays,
      true,
    );
  }

  /** After a read of `top`: the scroll value of each of its views (none: nothing to watch). */
  watchViews(top: string, seen: ReadonlyMap<string, number>): void {
    this.watch(top, seen.size === 0 ? null : seen);
  }
}
