/**
 * Echo suppression. Some toolkits answer a state query by announcing the state: GTK3 check and
 * radio items emit `state-changed:checked` every time their state is read (six of them on every
 * read of gedit), one of them even claiming a value its state set does not show. Re-reading on
 * those would read again, be told again, forever. Two rules, both safe:
 * - an event that repeats what our last read of that object saw changes nothing;
 * - an event about an object whose state we were asking for (or had just been answered, since
 *   the reply and the signal travel on different sockets) was caused by the question. GTK is
 *   single-threaded: a real change emitted before it handled our question shows in the answer.
 */
import type { A11yNode } from '../../probe.js';
import type { DecodedEvent } from './eventDecode.js';
import { formatRef } from './refs.js';

/** Objects remembered at most (a few large windows); beyond it the memory starts afresh. */
const MAX_OBJECTS = 200_000;
/** How long after our state question an event still counts as its echo. */
const ECHO_WINDOW_MS = 50;

export class StateEcho {
  private readonly known = new Map<string, Set<string>>();

  /** `stateQueries`: when each object's (or whole application's) states were last asked for. */
  constructor(private readonly stateQueries: Map<string, number> = new Map()) {}

  /** Records the states a tree read saw. */
  remember(root: A11yNode): void {
    if (this.known.size > MAX_OBJECTS) this.known.clear();
    if (this.stateQueries.size > MAX_OBJECTS) this.stateQueries.clear();
    const stack = [root];
    while (stack.length > 0) {
      const node = stack.pop() as A11yNode;
      this.known.set(node.ref, new Set(node.states));
      for (const child of node.children) stack.push(child);
    }
  }

  /** True when a state-changed event says what the last read already saw; else remembers it. */
  isEcho(event: DecodedEvent): boolean {
    if (event.member !== 'state-changed') return false;
    const ref = formatRef(event.source);
    const now = performance.now();
    for (const key of [ref, event.source.bus]) {
      const asked = this.stateQueries.get(key);
      if (asked !== undefined && now - asked < ECHO_WINDOW_MS) return true;
    }
    const states = this.known.get(ref);
    if (!states) return false;
    const name = event.detail.replace(/[- ]/g, '_');
    const on = event.detail1 === 1;
    if (states.has(name) === on) return true;
    if (on) states.add(name);
    else states.delete(name);
    return false;
  }
}
