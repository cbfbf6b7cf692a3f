/**
 * App translators add meaning; the generic actions stay available beside theirs, so whatever a
 * translator does not cover a user can still do (press, set_field, menu, type_text, …). The
 * app's own actions win on a name clash.
 */
import type { A11yNode } from '../../src/platform/probe.js';
import type { TranslateContext, WindowFacts, WindowView } from '../../src/translate/types.js';
import { translateGeneric } from '../generic/index.js';

export function withGenericActions(
  view: WindowView,
  window: WindowFacts,
  root: A11yNode,
  ctx: Pick<TranslateContext, 'warnings' | 'truncated'>,
): WindowView {
  const own = new Set(view.actions.map((a) => a.name));
  const generic = translateGeneric(window, root, ctx).actions.filter((a) => !own.has(a.name));
  return { ...view, actions: [...view.actions, ...generic] };
}
