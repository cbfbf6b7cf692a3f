/**
 * Property names every LLM API takes: `[A-Za-z_][A-Za-z0-9_]*`. A translator may key an object by
 * what the user sees (a zenity form's `fields` by label: "First name"), which Gemini refuses. The
 * published schema says `First_name` (the label stays in its description), and the executor maps
 * the plain name back before validation (bridge/lenientArgs.ts); both sides use this one mapping.
 */
const PLAIN = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function isPlainName(name: string): boolean {
  return PLAIN.test(name);
}

/** Original → plain name, for the names of one object in order; plain names keep themselves. */
export function plainNames(names: readonly string[]): Map<string, string> {
  const taken = new Set(names.filter(isPlainName));
  const out = new Map<string, string>();
  for (const name of names) {
    if (isPlainName(name)) {
      out.set(name, name);
      continue;
    }
    const base =
      name
        .replace(/[^A-Za-z0-9_]+/g, '_')
        .replace(/^(?=[0-9])/, '_')
        .replace(/_+$/, '') || '_';
    let plain = base;
    for (let n = 2; taken.has(plain); n++) plain = `${base}_${n}`;
    taken.add(plain);
    out.set(name, plain);
  }
  return out;
}
