/**
 * Agent task: edit a BibTeX entry in its own editor, in a Java Swing reference manager, through
 * the tools a client sees only. JabRef 3.8 opens an entry's editor on a double-click in its table
 * and enables "Edit entry" only after a click (its selection listener does not refresh the
 * actions' states), so `select` alone leaves the editor out of reach: `open_row` opens it. The
 * year is then given with `set_field` and the library saved with `menu`. The truth is the .bib
 * file on disk: the chosen entry's year changed, the other entry byte for byte as it was. JabRef
 * prints no Java exception and no GLib critical meanwhile.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import { corpusApp, launchCorpusApp } from '../corpus/apps.js';
import { KNOWN, prepareDocuments } from '../corpus/documents.js';
import { runScenario } from './scenario.js';
import { expectTool, fail } from './scenarios/checks.js';
import { expectJavaQuiet } from './scenarios/javaQuiet.js';
import { bibEntries } from './scenarios/bibtex.js';
import { fieldValues, tableRows } from './scenarios/windowFields.js';

const JABREF = corpusApp('jabref');
const stack = displayStack([JABREF.command]);
const MAIN = /^JabRef - library\.bib/;
const NEW_YEAR = '1844';

describe.skipIf(stack.skip)('agent task: edit a BibTeX entry in its own editor (Java Swing)', () => {
  it('JabRef: open_row opens the entry editor, set_field gives the year, File > Save database, the entry on disk', async () => {
    let original = '';
    let onDisk = '';
    const calls: Record<string, unknown>[] = [];
    await runScenario({
      name: 'jabref: edit an entry in its editor',
      apps: [],
      async run({ agent, desktop, scratch }) {
        const docs = prepareDocuments(scratch);
        original = readFileSync(docs.bibliography, 'utf8');
        const jabref = await launchCorpusApp(desktop, JABREF, docs);
        try {
          const main = await agent.waitForWindow(MAIN, (JABREF.startSeconds ?? 45) * 1000);
          const tools = await agent.tools();
          const opened = await agent.must(expectTool(tools, `${main.id}__open_row`), { list: 'Table', row: 'Article' });
          calls.push(opened);
          // The editor's fields beside the table: the entry's own year among them.
          const editor = await waitFor(async () => {
            const now = await agent.operableWindow(MAIN);
            return now && fieldValues(now).Year === '1843' && fieldValues(now).Bibtexkey === 'lovelace1843' ? now : null;
          }, 15_000);
          const editorTools = await agent.tools();
          calls.push(await agent.must(expectTool(editorTools, `${editor.id}__set_field`), { field: 'Year', value: NEW_YEAR }));
          // The table shows the new year before the library is saved: the entry took the field.
          await waitFor(
            async () => tableRows((await agent.operableWindow(MAIN)) ?? editor).some((row) => row.includes(KNOWN.bibTitle) && row.includes(NEW_YEAR)),
            15_000,
          ).catch(async () => fail(`the table never showed ${NEW_YEAR}: ${JSON.stringify(tableRows((await agent.operableWindow(MAIN)) ?? editor))}`));
          await agent.must(expectTool(editorTools, `${editor.id}__menu`), { path: 'File > Save database' });
          onDisk = await waitFor(() => {
            const text = readFileSync(docs.bibliography, 'utf8');
            return text !== original ? text : null;
          }, 20_000);
          expectAppsQuiet(desktop);
          expectJavaQuiet(jabref.logFile);
        } finally {
          await jabref.stop();
        }
      },
    });
    expect(calls[0]).toMatchObject({ result: { via: expect.stringMatching(/^(action|pointer)$/) } });
    expect(calls[1]).toMatchObject({ result: { via: expect.any(String) } });
    const before = bibEntries(original);
    const after = bibEntries(onDisk);
    expect(Object.keys(after).sort()).toEqual(['knuth1984', 'lovelace1843']);
    expect(after.lovelace1843).toEqual({ ...before.lovelace1843, year: NEW_YEAR });
    expect(after.knuth1984).toEqual(before.knuth1984);
  }, 300_000);
});
