/**
 * What announced each top-level's content change since the last flush: the event's kind and its
 * source object, e.g. "object:text-changed:insert :1.5/org/a11y/atspi/accessible/42". An
 * application that reacts to our reads (a log widget appending the warning a read provoked)
 * announces the same keys after each read; a person's change announces others (pacing.ts).
 * A burst of more distinct keys than `MAX_CAUSES` (a view laying out its rows) is listed as
 * overflowing rather than in full.
 */
import { CAUSES_OVERFLOW } from '../../probe.js';

/** Distinct causes listed per top-level and flush. */
export const MAX_CAUSES = 32;

export class ChangeCauses {
  private readonly byTop = new Map<string, Set<string>>();

  add(top: string, cause: string): void {
    const causes = this.byTop.get(top) ?? new Set<string>();
    this.byTop.set(top, causes);
    if (causes.has(CAUSES_OVERFLOW)) return;
    causes.add(cause);
    if (causes.size > MAX_CAUSES) {
      causes.clear();
      causes.add(CAUSES_OVERFLOW);
    }
  }

  /** Each top-level's causes since the last take, and forgets them. */
  take(): Record<string, string[]> {
    const taken: Record<string, string[]> = {};
    for (const [top, causes] of this.byTop) taken[top] = [...causes];
    this.byTop.clear();
    return taken;
  }
}
