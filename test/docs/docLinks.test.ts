/**
 * The protocol rules and decisions live in this repository. Every `docs/…` path
 * cited in code, tests or docs, and every relative Markdown link, resolves to a file in the repo;
 * nothing points outside it (`../shared/…`). Paths inside another repository are written with its
 * name (`a2c-smcp-protocol/docs/…`), so they are not taken for ours.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
/** Recorded app data (file names a file chooser showed), not references. */
const NOT_REFERENCES = /^fixtures\//;
const TEXT = /\.(ts|mts|mjs|js|json|md|sh|ps1|yml|yaml)$|^\.ci\/run$/;

const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && TEXT.test(f) && !NOT_REFERENCES.test(f) && f !== 'package-lock.json' && existsSync(join(ROOT, f)));

/** `docs/…` at the start of a path (not `x/docs/…`, not inside a word or a URL). */
const DOC_PATH = /(?<![\w./@:-])docs\/[\w./-]*[\w-]/g;
/** `](target)` of a Markdown link. */
const MD_LINK = /\]\(([^)\s]+)\)/g;

function references(): Array<{ file: string; ref: string; target: string }> {
  const found: Array<{ file: string; ref: string; target: string }> = [];
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const [ref] of text.matchAll(DOC_PATH)) found.push({ file, ref, target: ref.replace(/#.*$/, '') });
    if (!file.endsWith('.md')) continue;
    for (const [, link] of text.matchAll(MD_LINK)) {
      if (!link || /^[a-z][\w+.-]*:|^#/i.test(link)) continue; // URLs, mailto:, in-page anchors
      found.push({ file, ref: link, target: normalize(join(dirname(file), link.replace(/#.*$/, ''))) });
    }
  }
  return found;
}

describe('references to docs', () => {
  const refs = references();

  it('finds the citations (the scan is not empty)', () => {
    expect(refs.some((r) => r.ref.startsWith('docs/protocol-checklist.md'))).toBe(true);
    expect(refs.some((r) => r.file.startsWith('src/') && r.ref === 'docs/linux-desktop-notes.md')).toBe(true);
  });

  it('resolve to files in the repository', () => {
    const broken = refs.filter((r) => r.target.startsWith('..') || !existsSync(join(ROOT, r.target)));
    expect(broken.map((r) => `${r.file}: ${r.ref}`)).toEqual([]);
  });

  it('never point outside the repository', () => {
    // The steering repository's folders, beside this one (translators/shared/ is ours).
    const steering = /\.\.\/shared\/(docs|seeds|reference)\b/;
    const outside = files.filter((f) => f !== 'test/docs/docLinks.test.ts' && steering.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(outside).toEqual([]);
  });
});
