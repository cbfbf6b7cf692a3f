/**
 * A walk of a window's reading done once per reading: a tool's `available`, `input` and `run`
 * each ask for the same things (rows with buttons, rows to open) of the same reading.
 */
export function oncePerReading<R extends object, T>(walk: (reading: R) => T): (reading: R) => T {
  const found = new WeakMap<R, T>();
  return (reading) => {
    if (!found.has(reading)) found.set(reading, walk(reading));
    return found.get(reading) as T;
  };
}
