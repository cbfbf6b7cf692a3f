/**
 * How often a window whose application keeps sending events is read again, and whether those
 * events are caused by our own reads.
 *
 * Pacing: after a read that took `d` ms, events about the window wait `READ_DUTY` × `d` before
 * they make it read again, so re-reading one window takes at most 1 / (1 + READ_DUTY) of the time
 * however fast its events come (a text log appended ten times a second, a clock). Reads the
 * caller waits for (an action's effect, a tool call's latest state) are not paced: they are bounded
 * by the caller's own rate.
 *
 * Churn: an application can react to being read, e.g. Qt prints `QAccessibleTable::child: Invalid
 * index` when a tree view is read, and an app that shows its warnings appends each one to a text
 * widget: the text change is an event, the event a read, the read a warning. Such an "echo" comes
 * while the window is read or just after (`ECHO_TAIL_MS`). Timing alone cannot tell it from a
 * person (or a test) who changes the window as soon as a read shows it; so:
 * - a window whose last `SUSPECT_READS` reads were all brought by echoes only is watched for
 *   `PROBE_MS` without reading it: a change in that quiet time comes from elsewhere (the app's own
 *   timer, the user) and the window is read as usual, paced;
 * - after a quiet probe the window is read once more (what the last echo announced is never lost);
 *   churn is confirmed only when that read brings an echo again, announced by what announced the
 *   suspect echoes (the probe's `causes`, where it can tell: the same log widget's text);
 * - then echoes announced by those objects are ignored: the window is read again on any other
 *   change, even one just after a read (a person scrolling another part), after an action, on the
 *   safety re-scan; it carries a notice saying so. A read that brings no echo ends the churn.
 * Changes of many objects at once (`CAUSES_OVERFLOW`: a view laying out its rows) are never taken
 * for an echo's. Someone who changes the same objects right after each of several reads, and
 * nothing during the probe, looks exactly like an echo: such changes then wait for another change.
 */

import { CAUSES_OVERFLOW } from '../platform/probe.js';

/** A window is re-read at most once per this many times its last read's duration. */
export const READ_DUTY = 3;
/** Events this soon after the end of a read of the window count as caused by it. */
export const ECHO_TAIL_MS = 250;
/** Reads in a row brought by echoes alone before the window is suspected of churning. */
export const SUSPECT_READS = 3;
/** How long a suspected window is left unread to see whether it changes on its own. */
export const PROBE_MS = 1000;

export const CHURN_NOTICE =
  'This window changes each time it is read (the application reacts to being read, e.g. it logs a warning into the window): ' +
  'changes that only follow a read are not read again. It is read again when it changes at another time, after an action, and on the periodic re-scan; ' +
  'what it shows may lag behind by the lines such reads add.';

type Mode = 'normal' | 'probing' | 'confirming' | 'churn';

/** What announced a window's changes; null where the probe cannot tell (timing alone decides). */
type Causes = Set<string> | null;

interface WindowPace {
  reading: boolean;
  readStart: number;
  readEnd: number | null;
  duration: number;
  /** Events since the start of the last read, by timing. */
  echoes: number;
  others: number;
  /** Reads in a row that echoes alone brought about. */
  echoRuns: number;
  mode: Mode;
  probeUntil: number;
  /** What announced the echoes of those reads and of the probe. */
  suspect: Causes;
  /** Confirming: whether the read after the probe has started. */
  confirmStarted: boolean;
  /** Churn: the causes whose echoes are ignored. */
  churnCauses: Causes;
}

/** What an event means for the window's next read; `churn`: churn is confirmed now (no read, a notice). */
export type EventVerdict = 'read' | 'ignore' | 'churn';

export class ReadPacer {
  private readonly windows = new Map<string, WindowPace>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * An event about the window: whether it should make the window read again. `causes`: what
   * announced it (ProbeChange `causes`); absent where the probe cannot tell.
   */
  noteEvent(id: string, causes?: readonly string[]): EventVerdict {
    const pace = this.windows.get(id);
    if (!pace) return 'read';
    const now = this.now();
    const echo = pace.reading || (pace.readEnd !== null && now - pace.readEnd <= ECHO_TAIL_MS);
    if (echo) pace.echoes++;
    else pace.others++;
    if (pace.mode === 'churn') return echo && overlaps(causes, pace.churnCauses) ? 'ignore' : 'read';
    if (pace.mode === 'confirming' && echo && pace.confirmStarted && overlaps(causes, pace.suspect)) {
      pace.mode = 'churn';
      pace.churnCauses = merged(pace.suspect, causes);
      return 'churn';
    }
    if (!echo || pace.mode === 'confirming') {
      // A change at a quiet time, or another change after the read that was to confirm churn:
      // the window changes on its own, whatever the app does when read.
      if (pace.mode !== 'confirming' || !echo || pace.confirmStarted) this.startOver(pace);
      return 'read';
    }
    pace.suspect = merged(pace.suspect, causes);
    if (pace.mode === 'normal' && pace.echoRuns >= SUSPECT_READS) {
      pace.mode = 'probing';
      pace.probeUntil = now + PROBE_MS;
    }
    return 'read';
  }

  /** When the window may be read again for its events (ms since the epoch of `now`). */
  dueAt(id: string): number {
    const pace = this.windows.get(id);
    if (!pace || pace.reading || pace.readEnd === null) return 0;
    if (pace.mode === 'probing') return pace.probeUntil;
    return pace.readEnd + READ_DUTY * pace.duration;
  }

  /** The window is dirty and due, and is read now: after a quiet probe, that read confirms churn or not. */
  take(id: string): void {
    const pace = this.windows.get(id);
    if (pace?.mode !== 'probing') return;
    pace.mode = 'confirming';
    pace.confirmStarted = false;
  }

  readStarted(id: string): void {
    const pace = this.windows.get(id) ?? this.fresh();
    this.windows.set(id, pace);
    if (pace.mode === 'churn' && pace.readEnd !== null && pace.echoes === 0) this.startOver(pace); // the last read brought no echo
    if (pace.mode === 'confirming') {
      if (!pace.confirmStarted) pace.confirmStarted = true;
      else this.startOver(pace); // the confirming read brought no echo
    }
    if (pace.mode === 'normal') {
      pace.echoRuns = pace.echoes > 0 && pace.others === 0 ? pace.echoRuns + 1 : 0;
      if (pace.echoRuns === 0) pace.suspect = new Set();
    }
    if (pace.mode === 'probing') this.startOver(pace); // read anyway (an action, a re-scan)
    pace.echoes = pace.others = 0;
    pace.reading = true;
    pace.readStart = this.now();
  }

  readEnded(id: string): void {
    const pace = this.windows.get(id);
    if (!pace) return;
    const now = this.now();
    pace.reading = false;
    pace.readEnd = now;
    pace.duration = Math.max(0, now - pace.readStart);
  }

  /** Whether echoes of the window's reads are being ignored (its record carries CHURN_NOTICE). */
  churning(id: string): boolean {
    return this.windows.get(id)?.mode === 'churn';
  }

  forget(id: string): void {
    this.windows.delete(id);
  }

  private startOver(pace: WindowPace): void {
    pace.mode = 'normal';
    pace.echoRuns = 0;
    pace.suspect = new Set();
    pace.churnCauses = null;
  }

  private fresh(): WindowPace {
    return {
      reading: false,
      readStart: 0,
      readEnd: null,
      duration: 0,
      echoes: 0,
      others: 0,
      echoRuns: 0,
      mode: 'normal',
      probeUntil: 0,
      suspect: new Set(),
      confirmStarted: false,
      churnCauses: null,
    };
  }
}

/** The causes together; unknown when either is. */
function merged(causes: Causes, more: readonly string[] | undefined): Causes {
  return causes === null || more === undefined ? null : new Set([...causes, ...more]);
}

/**
 * Whether an event's causes include one of `known` (where either is unknown: timing decides, yes).
 * One is enough: an app's echo may also announce new objects (a log that adds a line object).
 */
function overlaps(causes: readonly string[] | undefined, known: Causes): boolean {
  if (causes === undefined || known === null) return true;
  return causes.some((cause) => cause !== CAUSES_OVERFLOW && known.has(cause));
}
