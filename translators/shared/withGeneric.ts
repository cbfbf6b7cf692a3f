/**
 * App translators add meaning; the generic actions stay available beside theirs, so whatever a
 * translator does not cover a user can still do (press, set_field, menu, type_text, …). The
 * app's own actions win on a name clash. Only the generic reading is used (read once per tree,
 * shared with the actions' `input` and `available`): no generic summary or blocks are made.
 */
import type { A11yNode } from '../../src/platform/probe.js';
import type { WindowView } from '../../src/translate/types.js';
import { genericActions } from '../generic/index.js';

export function withGenericActions(view: WindowView, root: A11yNode): WindowView {
  const own = new Set(view.actions.map((a) => a.name));
  return { ...view, actions: [...view.actions, ...genericActions(root).filter((a) => !own.has(a.name))] };
}
