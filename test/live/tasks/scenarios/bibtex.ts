/**
 * The entries of a BibTeX file, by key: each entry's type and its fields' values. Enough for the
 * libraries the corpus writes and what JabRef saves of them (one `name = {value}` per line), so
 * a task compares entries, not the spacing and header comments JabRef writes.
 */
export type BibEntry = Record<string, string>;

const ENTRY = /^@(\w+)\s*\{\s*([^,\s]+)\s*,\s*$/;
const FIELD = /^\s*(\w+)\s*=\s*\{(.*)\},?\s*$/;

export function bibEntries(text: string): Record<string, BibEntry> {
  const entries: Record<string, BibEntry> = {};
  let current: BibEntry | null = null;
  for (const line of text.split('\n')) {
    const start = ENTRY.exec(line);
    if (start) {
      // JabRef writes its own metadata as @Comment entries: they are no references.
      current = start[1]!.toLowerCase() === 'comment' ? null : (entries[start[2]!] = { type: start[1]!.toLowerCase() });
      continue;
    }
    const field = current && FIELD.exec(line);
    if (current && field) current[field[1]!.toLowerCase()] = field[2]!;
    if (/^\}\s*$/.test(line)) current = null;
  }
  return entries;
}
