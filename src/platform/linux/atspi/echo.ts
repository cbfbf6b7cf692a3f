/**
 * Echo suppression. Some toolkits answer a state query by announcing the state: GTK3 check and
 * radio items emit `state-changed:checked` every time their state is read (six of them on every
 * read of gedit), one of them even claiming a value its state set does not show. Re-reading on
 * those would read again, be told again, forever. The rules:
 * - an event that repeats what our last read of that object saw changes nothing (an echo);
 * - an event that arrives while we ask for that object's states (or its whole application's, or
 *   just after: the reply and the signal travel on different sockets) and says something our
 *   last read did not see is in doubt: it may be the question's echo or a real change that came
 *   right after the answer. It is re-read once. If that read (which began after the event) does
 *   not show it, the same claim is an echo from then on, until a read shows it.
 * Dropping every event near a question instead lost real changes: under load, a dialog's entry
 * that became visible just after a read was never re-read by incremental reads.
 */
import type { A11yNode } from '../../probe.js';
import type { DecodedEvent } from './eventDecode.js';
import { formatRef } from './refs.js';

/** Objects remembered at most (a few large windows); beyond it the memory starts afresh. */
const MAX_OBJECTS = 200_000;
/** How long after our state question an event may still be its echo. */
const ECHO_WINDOW_MS = 50;

/** `echo`: drop it; `news`: a change; `doubt`: maybe an echo, re-read the object once to know. */
export type EchoVerdict = 'echo' | 'news' | 'doubt';

export class StateEcho {
  private readonly known = new Map<string, Set<string>>();
  /** Claims ("checked=1") in doubt per object, kept until a read shows them. */
  private readonly doubted = new Map<string, Set<string>>();

  /** `stateQueries`: when each object's (or whole application's) states were last asked for. */
  constructor(private readonly stateQueries: Map<string, number> = new Map()) {}

  /** Records the states a read saw: of the whole tree, or (`deep` false) of `root` only. */
  remember(root: A11yNode, deep = true): void {
    if (this.known.size > MAX_OBJECTS) this.known.clear();
    if (this.doubted.size > MAX_OBJECTS) this.doubted.clear();
    if (this.stateQueries.size > MAX_OBJECTS) this.stateQueries.clear();
    const stack = [root];
    while (stack.length > 0) {
      const node = stack.pop() as A11yNode;
      const states = new Set(node.states);
      this.known.set(node.ref, states);
      this.confirm(node.ref, states);
      if (deep) for (const child of node.children) stack.push(child);
    }
  }

  /** True when a state-changed event is an echo (see `classify`). */
  isEcho(event: DecodedEvent): boolean {
    return this.classify(event) === 'echo';
  }

  classify(event: DecodedEvent): EchoVerdict {
    if (event.member !== 'state-changed') return 'news';
    const ref = formatRef(event.source);
    const claim = claimOf(event);
    const [name, on] = parseClaim(claim);
    const states = this.known.get(ref);
    if (states && states.has(name) === on) return 'echo';
    if (this.nearQuestion(ref, event.source.bus)) {
      const doubted = this.doubted.get(ref) ?? new Set<string>();
      if (doubted.has(claim)) return 'echo'; // re-read since, and not seen
      doubted.add(claim);
      this.doubted.set(ref, doubted);
      return 'doubt';
    }
    if (states && on) states.add(name);
    else states?.delete(name);
    return 'news';
  }

  private nearQuestion(ref: string, bus: string): boolean {
    const now = performance.now();
    return [ref, bus].some((key) => {
      const asked = this.stateQueries.get(key);
      return asked !== undefined && now - asked < ECHO_WINDOW_MS;
    });
  }

  /** Claims a read shows are no longer in doubt: the next time they come, they are news again. */
  private confirm(ref: string, states: ReadonlySet<string>): void {
    const doubted = this.doubted.get(ref);
    if (!doubted) return;
    for (const claim of doubted) if (shows(states, claim)) doubted.delete(claim);
    if (doubted.size === 0) this.doubted.delete(ref);
  }
}

/** What a state event says, as "name=1" or "name=0" (names as in our trees: "multi_line"). */
export function claimOf(event: DecodedEvent): string {
  return `${event.detail.replace(/[- ]/g, '_')}=${event.detail1 === 1 ? 1 : 0}`;
}

/** Whether a state set already says what `claim` says. */
export function shows(states: ReadonlySet<string> | readonly string[], claim: string): boolean {
  const [name, on] = parseClaim(claim);
  return (Array.isArray(states) ? states.includes(name) : (states as ReadonlySet<string>).has(name)) === on;
}

function parseClaim(claim: string): [string, boolean] {
  const at = claim.lastIndexOf('=');
  return [claim.slice(0, at), claim.slice(at + 1) === '1'];
}
