/**
 * A lookup in a constant table by a key that came from outside (a tool argument, an app's role
 * name): own keys only, so "constructor" or "__proto__" never finds Object.prototype's members.
 */
export function own<V>(table: Readonly<Record<string, V>>, key: string | number): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
