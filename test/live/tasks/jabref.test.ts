/**
 * Agent task: change a field of one entry in a Java Swing reference manager through the tools a
 * client sees only. JabRef 3.8 enables "Edit entry" on a mouse click in its table only (its
 * selection listener does not refresh the actions' states), so after `select` the entry editor
 * stays out of reach; JabRef's own "Set/clear/rename fields" dialog sets a field of the selected
 * entries instead: the row is chosen with `select`, the dialog opened with `menu`, the field
 * chosen with `select`, its value given with `set_field`, OK pressed, and the library saved with
 * `menu`. The truth is the .bib file on disk: the chosen entry's year changed, the other entry
 * byte for byte as it was. JabRef prints no Java exception and no GLib critical meanwhile.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ProtocolWindow } from '../../../src/protocol/schemas.js';
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
const DIALOG = /^Set\/clear\/rename fields$/;
const NEW_YEAR = '1842';

describe.skipIf(stack.skip)('agent task: change a field of a BibTeX entry in a Java Swing reference manager', () => {
  it('JabRef: select a row, Set/clear/rename fields, File > Save database, the entry on disk', async () => {
    let original = '';
    let onDisk = '';
    await runScenario({
      name: 'jabref: set a field and save',
      apps: [],
      async run({ agent, desktop, scratch }) {
        const docs = prepareDocuments(scratch);
        original = readFileSync(docs.bibliography, 'utf8');
        const jabref = await launchCorpusApp(desktop, JABREF, docs);
        try {
          const main = await agent.waitForWindow(MAIN, (JABREF.startSeconds ?? 45) * 1000);
          const table = main.blocks.find((b) => b.type === 'table');
          if (table?.type !== 'table') fail(`the library reads with no table: ${main.summary}`);
          const article = table.rows.find((row) => row.includes(KNOWN.bibTitle));
          if (!article?.includes('1843')) fail(`no row of "${KNOWN.bibTitle}" from 1843: ${JSON.stringify(table.rows)}`);

          const tools = await agent.tools();
          const select = expectTool(tools, `${main.id}__select`);
          const menu = expectTool(tools, `${main.id}__menu`);
          const chosen = await agent.must(select, { field: 'Table', option: 'Article' });
          expect(chosen.result).toEqual({ via: 'selection' });
          // The preview under the table shows the chosen entry: the selection reached JabRef.
          await waitFor(async () => textOf((await agent.operableWindow(MAIN)) ?? main).includes('Article (lovelace1843)'), 15_000);

          const opened = await agent.must(menu, { path: 'Quality > Set/clear/rename fields...' });
          const dialog = await agent.waitForWindow(DIALOG);
          expect(opened.openedWindowIds).toEqual([dialog.id]);
          const dialogTools = await agent.tools();
          await agent.must(expectTool(dialogTools, `${dialog.id}__select`), { field: 'Field name', option: 'year' });
          await agent.must(expectTool(dialogTools, `${dialog.id}__toggle`), { field: 'Selected entries', on: true });
          // The value field of "Set fields" has no label of its own (the radio button beside it names it).
          await agent.must(expectTool(dialogTools, `${dialog.id}__set_field`), { field: 'Text', value: NEW_YEAR });
          const filled = await agent.waitForWindow(DIALOG);
          expect(fieldValues(filled)).toMatchObject({ 'Field name': 'year', 'Selected entries': true, 'Set fields': true, Text: NEW_YEAR });
          await agent.must(expectTool(dialogTools, `${dialog.id}__press`), { button: 'OK' });
          await waitFor(async () => !(await agent.operableWindow(DIALOG)), 15_000);

          // The table shows the new year before the library is saved.
          await waitFor(
            async () => tableRows((await agent.operableWindow(MAIN)) ?? main).some((row) => row.includes(KNOWN.bibTitle) && row.includes(NEW_YEAR)),
            15_000,
          );
          await agent.must(menu, { path: 'File > Save database' });
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
    const before = bibEntries(original);
    const after = bibEntries(onDisk);
    expect(Object.keys(after).sort()).toEqual(['knuth1984', 'lovelace1843']);
    expect(after.lovelace1843).toEqual({ ...before.lovelace1843, year: NEW_YEAR });
    expect(after.knuth1984).toEqual(before.knuth1984);
  }, 300_000);
});

function textOf(window: ProtocolWindow): string {
  return window.blocks.map((b) => (b.type === 'text' ? b.text : '')).join('\n');
}
