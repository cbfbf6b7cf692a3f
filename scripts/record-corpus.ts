/**
 * Records a fixture of each corpus app's main window (fixtures/corpus/<id>.json) on a private
 * desktop, the app opened on the corpus documents (test/live/corpus), as `gui-bridge record`
 * would: the translators' fixture tests then replay them offline. The documents are made in one
 * fixed scratch folder, so paths the windows show are the same in every recording.
 *   npx tsx scripts/record-corpus.ts [app-id …]
 *   UPDATE_EXPECTED=1 npx vitest run test/translators/fixtures.test.ts   (then review the diff)
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordFixture } from '../src/platform/fixture/record.js';
import { silentLogger } from '../src/util/logger.js';
import { connectMemoryClient, structured } from '../test/helpers/demoServer.js';
import { waitFor } from '../test/live/helpers/desktop.js';
import { openLiveStack } from '../test/live/helpers/liveStack.js';
import { CORPUS, launchCorpusApp, type CorpusApp } from '../test/live/corpus/apps.js';
import { prepareDocuments } from '../test/live/corpus/documents.js';

const OUT = 'fixtures/corpus';
const DOCS = '/tmp/gui-bridge-corpus-documents';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function record(app: CorpusApp): Promise<string> {
  const stack = await openLiveStack({}, silentLogger);
  rmSync(DOCS, { recursive: true, force: true });
  mkdirSync(DOCS, { recursive: true });
  try {
    const running = await launchCorpusApp(stack.desktop, app, prepareDocuments(DOCS));
    const client = await connectMemoryClient(stack.hub);
    const wait = (app.startSeconds ?? 45) * 1000;
    if (app.startupDialog) {
      const title = new RegExp(escape(app.startupDialog.title));
      const dialog = await waitFor(async () => (await client.snapshot()).windows.find((w) => title.test(w.title)), wait, 500);
      const pressed = await client.call(`${dialog.id}__press`, { button: app.startupDialog.press });
      if (pressed.isError) throw new Error(`could not dismiss "${app.startupDialog.title}": ${JSON.stringify(structured(pressed))}`);
    }
    const title = new RegExp(escape(app.titleText));
    await waitFor(
      // Nor while it is busy starting (a Java app loading its document answers nothing for seconds).
      async () =>
        (await client.snapshot()).windows.find((w) => title.test(w.title) && !/has not appeared yet|is not responding/.test(JSON.stringify(w.blocks))),
      wait,
      500,
    );
    await new Promise((resolve) => setTimeout(resolve, 2000)); // the document finishes loading
    const { fixture, scrubbed } = await recordFixture(stack.probe, {
      apps: [app.atspiName],
      title: app.titleText,
      note: `corpus: ${app.toolkit} ${app.kind} (${app.command}) on the corpus documents (scripts/record-corpus.ts)`,
    });
    const path = join(OUT, `${app.id}.json`);
    // Compact: a recorded tree is data (2.6 MB indented for KeePassXC, its menus included).
    writeFileSync(path, `${JSON.stringify(fixture)}\n`);
    await client.close();
    await running.stop();
    return `${path}: ${fixture.windows.length} window(s)${scrubbed.length > 0 ? `, ${scrubbed.length} secret value(s) scrubbed` : ''}`;
  } finally {
    await stack.close();
    rmSync(DOCS, { recursive: true, force: true });
  }
}

const wanted = process.argv.slice(2);
mkdirSync(OUT, { recursive: true });
for (const app of CORPUS.filter((a) => wanted.length === 0 || wanted.includes(a.id))) {
  try {
    console.log(await record(app));
  } catch (error) {
    console.log(`${app.id}: not recorded: ${error instanceof Error ? error.message : String(error)}`);
  }
}
