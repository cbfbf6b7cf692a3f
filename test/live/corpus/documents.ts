/**
 * The documents the corpus apps open, made by the test itself with known content: a two-page PDF
 * written by hand, a spreadsheet converted by ssconvert, a password database made by
 * keepassxc-cli, an SQLite database made by python3, a folder of files, a web page, a mind map, a
 * BibTeX library and a plain text. Every text the apps should show is listed in `KNOWN`, so tests can look for it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Texts the prepared documents hold, for tests that look for them in a read. */
export const KNOWN = {
  pdfPage1: 'Corpus invoice page one',
  pdfPage2: 'Second page of the corpus invoice',
  sheetHeader: 'Fruit',
  sheetItem: 'Apricot',
  sheetTotal: '60',
  dbTable: 'orders',
  dbItem: 'Walnut table',
  vaultPassword: 'corpus-vault-pass',
  folderFile: 'quarterly-report.txt',
  pageHeading: 'Corpus web page',
  pageParagraph: 'A paragraph of the corpus page that a person reads.',
  mapRoot: 'Corpus map',
  mapChild: 'First idea',
  bibTitle: 'Notes on the Analytical Engine',
  bibAuthor: 'Lovelace',
  textLine: 'The corpus text has two lines.',
} as const;

export interface CorpusDocuments {
  dir: string;
  pdf: string;
  sheet: string;
  csv: string;
  vault: string;
  database: string;
  folder: string;
  page: string;
  map: string;
  /** A BibTeX library; its name alone is `BIBLIOGRAPHY_NAME` (JabRef opens it relative to `dir`). */
  bibliography: string;
  text: string;
}

export const BIBLIOGRAPHY_NAME = 'library.bib';

/** Writes every document into `dir` (a fresh temporary folder of the caller). */
export function prepareDocuments(dir: string): CorpusDocuments {
  const docs: CorpusDocuments = {
    dir,
    pdf: join(dir, 'invoice.pdf'),
    csv: join(dir, 'fruit.csv'),
    sheet: join(dir, 'fruit.gnumeric'),
    vault: join(dir, 'vault.kdbx'),
    database: join(dir, 'shop.sqlite'),
    folder: join(dir, 'folder'),
    page: join(dir, 'page.html'),
    map: join(dir, 'ideas.mm'),
    bibliography: join(dir, BIBLIOGRAPHY_NAME),
    text: join(dir, 'notes.txt'),
  };
  writeFileSync(docs.pdf, twoPagePdf([KNOWN.pdfPage1, KNOWN.pdfPage2]));
  writeFileSync(docs.csv, `${KNOWN.sheetHeader},Count\n${KNOWN.sheetItem},10\nBanana,20\nCherry,30\nTotal,=SUM(B2:B4)\n`);
  execFileSync('ssconvert', [docs.csv, docs.sheet], { stdio: 'ignore' });
  // The database's password goes through standard input, twice (password and confirmation).
  execFileSync('keepassxc-cli', ['db-create', '-q', '-p', docs.vault], {
    input: `${KNOWN.vaultPassword}\n${KNOWN.vaultPassword}\n`,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  execFileSync('/usr/bin/python3', ['-c', SQLITE_SCRIPT, docs.database], { stdio: 'ignore' });
  mkdirSync(docs.folder);
  for (const name of [KNOWN.folderFile, 'budget.csv', 'minutes.md']) writeFileSync(join(docs.folder, name), `${name}\n`);
  mkdirSync(join(docs.folder, 'archive'));
  writeFileSync(docs.page, WEB_PAGE);
  writeFileSync(docs.map, MIND_MAP);
  writeFileSync(docs.bibliography, BIBLIOGRAPHY);
  writeFileSync(docs.text, `${KNOWN.textLine}\nThe second line.\n`);
  return docs;
}

const SQLITE_SCRIPT = `
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute('create table ${KNOWN.dbTable} (id integer primary key, item text, price real)')
db.executemany('insert into ${KNOWN.dbTable} (item, price) values (?, ?)', [('${KNOWN.dbItem}', 120.5), ('Oak chair', 45.0), ('Pine shelf', 30.25)])
db.execute('create table customers (id integer primary key, name text)')
db.commit()
`;

const WEB_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${KNOWN.pageHeading}</title></head>
<body>
<h1>${KNOWN.pageHeading}</h1>
<p>${KNOWN.pageParagraph}</p>
<form>
<label for="name">Your name</label> <input id="name" value="Ada">
<label><input type="checkbox" id="news"> Send news</label>
<label for="size">Size</label> <select id="size"><option>Small</option><option selected>Medium</option><option>Large</option></select>
<button type="button">Order</button>
</form>
<table><tr><th>Item</th><th>Price</th></tr><tr><td>Tea</td><td>3</td></tr><tr><td>Cake</td><td>5</td></tr></table>
<ul><li>First point</li><li>Second point</li></ul>
</body></html>
`;

// Freeplane's own format: a map of FreeMind's ("1.0.1") opens behind a modal notice that it was
// made with FreeMind, and the main window shows nothing but its menu bar until it is dismissed.
const MIND_MAP = `<map version="freeplane 1.7.0">
<node TEXT="${KNOWN.mapRoot}" ID="ID_1">
<node TEXT="${KNOWN.mapChild}" POSITION="right" ID="ID_2"/>
<node TEXT="Second idea" POSITION="left" ID="ID_3"/>
</node>
</map>
`;

const BIBLIOGRAPHY = `@Book{knuth1984,
  author    = {Donald E. Knuth},
  title     = {The TeXbook},
  publisher = {Addison-Wesley},
  year      = {1984},
}

@Article{lovelace1843,
  author  = {Ada ${KNOWN.bibAuthor} and Charles Babbage},
  title   = {${KNOWN.bibTitle}},
  journal = {Scientific Memoirs},
  year    = {1843},
}
`;

/**
 * A PDF of one text line per page, in the standard Helvetica font: objects, then a cross-reference
 * table of their byte offsets (what every reader checks first).
 */
export function twoPagePdf(lines: string[]): Buffer {
  const pageIds = lines.map((_, i) => 4 + i * 2);
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${lines.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  for (const [i, line] of lines.entries()) {
    const stream = `BT /F1 24 Tf 72 700 Td (${line.replace(/[()\\]/g, '\\$&')}) Tj ET`;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`);
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  }
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
