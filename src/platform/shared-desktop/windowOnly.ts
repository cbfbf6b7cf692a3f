/**
 * Window-only mode: the tree of a window whose content cannot be read. The root has no children
 * and carries `WINDOW_ONLY` attributes; the window-only translator turns it into a title and
 * keyboard actions, and the bridge adds its screenshot (bridge/screenshots.ts). The reason is a
 * warning, which translators show as a notice.
 */
import { WINDOW_ONLY, type NativeWindow, type WindowTree } from '../probe.js';

export interface WindowOnlyInput {
  window: NativeWindow;
  /** Why the content is unavailable, in words the agent can act on (or relay to the user). */
  reason: string;
  /** The content is expected soon (WINDOW_ONLY.pending). */
  pending?: boolean;
}

export function windowOnlyTree(input: WindowOnlyInput): WindowTree {
  const { window } = input;
  const attributes: Record<string, string> = { [WINDOW_ONLY.mode]: WINDOW_ONLY.value };
  if (input.pending) attributes[WINDOW_ONLY.pending] = 'true';
  const warnings = [input.reason];
  return {
    root: {
      ref: window.nativeId,
      role: window.modal ? 'dialog' : 'frame',
      name: window.title,
      states: window.active ? ['visible', 'showing', 'active'] : ['visible', 'showing'],
      attributes,
      ...(window.bounds ? { bounds: window.bounds } : {}),
      children: [],
    },
    nodeCount: 1,
    truncated: false,
    warnings,
  };
}

/** The notice of a window whose helper is unavailable (not started, crashed, hung). */
export function treesUnavailableText(problem: string): string {
  return `The content of this window cannot be read right now (${problem}). Only its title, a screenshot and keyboard input are available.`;
}
