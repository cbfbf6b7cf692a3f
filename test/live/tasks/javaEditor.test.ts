/**
 * Agent task: edit a file in a Java Swing editor through the tools a client sees only. jEdit
 * (through the ATK wrapper) paints its text itself: its text area is a panel holding only its
 * scroll bars, so the window offers type_text and says its text cannot be read. The agent types
 * a line at the caret (the file's start) and runs File > Save; the read shows the caret moved and
 * the title's "(modified)" come and go. The truth is the file on disk: the typed line, then the
 * file's own lines, byte for byte. jEdit prints no Java exception and no GLib critical meanwhile.
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

const JEDIT = corpusApp('jedit');
const stack = displayStack([JEDIT.command]);
const TYPED = 'Typed by the agent.';

describe.skipIf(stack.skip)('agent task: type a line into a Java Swing editor and save it', () => {
  it('jEdit: type_text at the caret, File > Save, the line on disk', async () => {
    let onDisk = '';
    let original = '';
    let status = '';
    await runScenario({
      name: 'jedit: type and save',
      apps: [],
      async run({ agent, desktop, scratch }) {
        const docs = prepareDocuments(scratch);
        original = readFileSync(docs.text, 'utf8');
        const jedit = await launchCorpusApp(desktop, JEDIT, docs);
        try {
          const startMs = (JEDIT.startSeconds ?? 45) * 1000;
          const main = await agent.waitForWindow(/^jEdit - notes\.txt$/, startMs);
          if (!/a document whose text cannot be read/.test(main.summary ?? '')) fail(`the text area is not read as a document: ${main.summary}`);
          const tools = await agent.tools();
          const typeText = expectTool(tools, `${main.id}__type_text`);
          const menu = expectTool(tools, `${main.id}__menu`);

          const typed = await agent.must(typeText, { text: `${TYPED}\n` });
          expect(typed.result).toEqual({ via: 'keyboard' });
          // jEdit's status bar says "line,column (offset/length)": the caret is at the second line's start.
          const modified = await agent.waitForWindow(/^jEdit - notes\.txt \(modified\)$/);
          status = await waitFor(async () => statusOf((await agent.operableWindow(/^jEdit - notes\.txt/)) ?? modified), 15_000);

          await agent.must(menu, { path: 'File > Save' });
          await agent.waitForWindow(/^jEdit - notes\.txt$/);
          onDisk = await waitFor(() => {
            const text = readFileSync(docs.text, 'utf8');
            return text.startsWith(TYPED) ? text : null;
          }, 15_000);
          expectAppsQuiet(desktop);
          expectJavaQuiet(jedit.logFile);
        } finally {
          await jedit.stop();
        }
      },
    });
    expect(original.startsWith(KNOWN.textLine)).toBe(true);
    expect(onDisk).toBe(`${TYPED}\n${original}`);
    expect(status).toBe(`2,1 (${TYPED.length + 1}/${TYPED.length + 1 + original.length})`);
  }, 300_000);
});

/** The caret line of jEdit's status bar ("2,1 (20/68)") once it is past the first line, or ''. */
function statusOf(window: { blocks: { type: string; text?: string }[] }): string {
  const texts = window.blocks.flatMap((b) => (b.type === 'text' && b.text ? b.text.split('\n') : []));
  return texts.find((line) => /^\d+,\d+ \(\d+\/\d+\)$/.test(line) && !line.startsWith('1,')) ?? '';
}
