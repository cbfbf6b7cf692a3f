/**
 * A window whose content exists but is not on screen. Gecko counts as `showing` only what it has
 * drawn, and a window that other windows covered while it opened on a busy machine is never drawn
 * until it is uncovered: every node below the frame stays `visible` and none `showing` (measured:
 * Thunderbird under a maximized Firefox, 179 nodes, 4 showing, for minutes, while pyatspi read no
 * text either). Reading it as empty would tell an agent the window has nothing; the notice says
 * why instead, and how a person would look at it.
 */
import type { A11yNode } from '../../platform/probe.js';
import { hasState } from '../tree.js';
import type { WindowReading } from './model.js';
import { isPresent, type ShowRule } from './visibility.js';

/** Fewer named nodes than this hidden from a window with nothing shown are not taken as undrawn content. */
const MIN_UNDRAWN = 3;

export function undrawnNotice(count: number): string {
  return `Nothing of this window is drawn on screen, though it holds ${count} named items: its application has not drawn them (another window covered it while it opened). Its focus tool brings it to the front, where it draws and reads.`;
}

/** How many named nodes are present but not showing, when the reading found nothing shown; else 0. */
export function undrawnCount(
  root: A11yNode,
  rule: ShowRule,
  reading: Pick<WindowReading, 'texts' | 'fields' | 'collections' | 'buttons' | 'tabs' | 'editors' | 'keyAreas'>,
): number {
  if (!rule.usesShowing) return 0;
  // Gecko's inner frame and its panel, named after the title, stay showing: they are no content.
  const texts = reading.texts.filter((text) => !root.name.includes(text));
  const { fields, collections, buttons, tabs, editors, keyAreas } = reading;
  const shownSomething = [texts, fields, collections, buttons, tabs, editors, keyAreas].some((shown) => shown.length > 0);
  if (shownSomething) return 0;
  let count = 0;
  const stack = [...root.children];
  while (stack.length > 0) {
    const node = stack.pop() as A11yNode;
    if (isPresent(node) && !hasState(node, 'showing') && node.name.trim() !== '') count++;
    stack.push(...node.children);
  }
  return count >= MIN_UNDRAWN ? count : 0;
}
