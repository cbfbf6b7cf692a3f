/**
 * App translators add meaning; the generic actions stay available beside theirs, so whatever a
 * translator does not cover a user can still do (press, set_field, menu, type_text, …). The
 * app's own actions win on a name clash. Only the generic reading is used — the part of the app
 * translator's reading the generic actions take (`GenericReading`) —: no generic summary or blocks
 * are made.
 */
import type { WindowView } from '../types.js';
import { genericActions } from './genericView.js';
import type { GenericReading } from './reading.js';

export function withGenericActions<R extends GenericReading>(view: WindowView<R>, reading: R): WindowView<R> {
  const own = new Set(view.actions.map((a) => a.name));
  return { ...view, actions: [...view.actions, ...genericActions(reading).filter((a) => !own.has(a.name))] };
}
