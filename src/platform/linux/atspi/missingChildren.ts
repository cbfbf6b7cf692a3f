/**
 * Children a table counts but does not give. Qt's QAccessibleTable counts the rows of its model's
 * top level but gives children from the view's root index: a combo box whose list shows one branch
 * of a tree model (DB Browser for SQLite's table chooser) counts 10 children and gives 5. Every
 * missing child asked for (by GetChildAtIndex, or by GetChildren, which asks each) makes Qt print
 * a warning, and that application shows Qt's warnings in its own Error Log view: a text change,
 * so the bridge read the window again, which printed the warnings again — reads never settled
 * and the log grew without end. So such a table's children are asked one by one, and an index
 * that gave nothing is not asked again while the table's child count stays the same.
 */
import type { AtspiClient } from './client.js';
import { formatRef, type ObjRef } from './refs.js';
import { NULL_PATH } from './names.js';

interface Missing {
  count: number;
  indexes: Set<number>;
}

/** Per connection (one application bus session): refs are only meaningful there. */
const known = new WeakMap<AtspiClient, Map<string, Missing>>();

/** Most tables remembered per connection; the oldest is forgotten first. */
const MAX_TABLES = 200;

export async function childrenByIndex(client: AtspiClient, ref: ObjRef, count: number, total = count): Promise<ObjRef[]> {
  let tables = known.get(client);
  if (!tables) known.set(client, (tables = new Map()));
  const key = formatRef(ref);
  const previous = tables.get(key);
  const missing = previous && previous.count === total ? previous.indexes : new Set<number>();
  const indexes = Array.from({ length: count }, (_, i) => i).filter((i) => !missing.has(i));
  const children = await Promise.all(indexes.map((index) => client.childAt(ref, index).catch(() => undefined)));
  children.forEach((child, i) => {
    if (child === null || child?.path === NULL_PATH) missing.add(indexes[i] as number);
  });
  tables.delete(key);
  if (missing.size > 0) tables.set(key, { count: total, indexes: missing });
  if (tables.size > MAX_TABLES) tables.delete(tables.keys().next().value as string);
  return children.filter((child): child is ObjRef => !!child && child.path !== NULL_PATH);
}
