/** Builders for hand-made trees shaped like the real GTK3/GTK4 trees recorded in fixtures/. */
import type { A11yNode, Rect } from '../../../src/platform/probe.js';

/** GTK3: every mapped node is visible + showing. */
export const GTK3 = ['enabled', 'sensitive', 'visible', 'showing'];
/** GTK4 4.8: `showing` only on the frame. */
export const GTK4 = ['sensitive', 'visible'];

let counter = 0;

export interface Spec extends Partial<Omit<A11yNode, 'children' | 'bounds'>> {
  at?: [number, number, number, number];
}

export function n(role: string, name: string, spec: Spec = {}, children: A11yNode[] = []): A11yNode {
  const { at, ...rest } = spec;
  const bounds: Rect | undefined = at ? { x: at[0], y: at[1], width: at[2], height: at[3] } : undefined;
  return { ref: rest.ref ?? `n${++counter}`, role, name, states: rest.states ?? GTK3, ...rest, ...(bounds ? { bounds } : {}), children };
}

export function frame(title: string, children: A11yNode[], states = [...GTK3, 'active']): A11yNode {
  return n('frame', title, { ref: 'root', states }, children);
}

export function dialog(title: string, children: A11yNode[]): A11yNode {
  return n('dialog', title, { ref: 'root', states: [...GTK3, 'active'], attributes: { toolkit: 'gtk', 'window-type': 'dialog' } }, children);
}
