/**
 * Gecko turns a document's nodes `showing` or not as the document is shown or hidden (its window
 * drawn at last, minimized, restored) and sends no state event for it, only the frame's
 * window:activate, deactivate, minimize or restore (measured: a pyatspi listener on Thunderbird
 * minimized and restored heard nothing else). A kept tree then calls shown what the app now calls
 * hidden, or the reverse: one read of Thunderbird listed its whole Spaces toolbar while pyatspi
 * found nothing showing. So after each read of a Gecko window a few of its named nodes, some read
 * showing and some present but not showing, are asked their states again, backing off; one whose
 * `showing` moved has the window read whole. A window event reads the window (its frame), which
 * starts the checks over.
 */
import type { A11yNode } from '../../probe.js';
import { RecheckWatch } from './recheckWatch.js';

/** Delays of the checks after a read: 31 s in all, then the window's next event. */
export const SHOWING_CHECK_DELAYS_MS = [1000, 2000, 4000, 8000, 16000];
/** Nodes asked per kind (read showing, read hidden) at each check. */
export const SENTINELS_PER_KIND = 4;

export interface Sentinel {
  ref: string;
  showing: boolean;
}

/** Whether the node shows now; null when it cannot be asked (gone, app busy). */
export type ShowsNow = (ref: string) => Promise<boolean | null>;

export class ShowingWatch extends RecheckWatch<Sentinel[]> {
  constructor(showsNow: ShowsNow, moved: (top: string) => void, delays: readonly number[] = SHOWING_CHECK_DELAYS_MS) {
    super(
      async (sentinels) => {
        const now = await Promise.all(sentinels.map((s) => showsNow(s.ref).catch(() => null)));
        return now.some((shows, i) => shows !== null && shows !== sentinels[i]?.showing);
      },
      moved,
      delays,
    );
  }

  /** After a read of `top`: its sentinels (none: nothing to watch). */
  watchTree(top: string, root: A11yNode): void {
    const sentinels = sentinelsOf(root);
    this.watch(top, sentinels.length === 0 ? null : sentinels);
  }
}

/**
 * Named nodes below the window's frames, in document order: the first few read showing and the
 * first few `visible` but not showing. Only `visible` ones: Gecko's hidden document keeps its
 * nodes `visible`, while a collapsed panel's are not, and do not flip.
 */
export function sentinelsOf(root: A11yNode): Sentinel[] {
  const shown: Sentinel[] = [];
  const hidden: Sentinel[] = [];
  const visit = (node: A11yNode): void => {
    if (shown.length >= SENTINELS_PER_KIND && hidden.length >= SENTINELS_PER_KIND) return;
    if (node !== root && node.role !== 'frame' && node.name.trim() !== '' && node.states.includes('visible')) {
      const showing = node.states.includes('showing');
      const kind = showing ? shown : hidden;
      if (kind.length < SENTINELS_PER_KIND) kind.push({ ref: node.ref, showing });
    }
    node.children.forEach(visit);
  };
  visit(root);
  return [...shown, ...hidden];
}
