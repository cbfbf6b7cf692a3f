/**
 * Agent task on a Qt 6 package browser that cannot open its database. packagesearch needs an
 * apt-xapian-index that neither this machine nor CI builds (its build reads every package: minutes,
 * and it would change the system for the other tests), so it opens with its question, modal over
 * its main window: run update-apt-xapian-index now, or end. The agent reads the question, sees the
 * main window blocked behind it, and declines through the tools. The truth is the process: it
 * ends, and no index was built. Qt prints no warning meanwhile.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { displayStack } from '../helpers/desktop.js';
import { corpusApp, launchCorpusApp } from '../corpus/apps.js';
import { prepareDocuments } from '../corpus/documents.js';
import { runScenario } from './scenario.js';
import { expectTool, fail } from './scenarios/checks.js';

const PACKAGESEARCH = corpusApp('packagesearch');
const stack = displayStack([PACKAGESEARCH.command]);
const INDEX = '/var/lib/apt-xapian-index/index';

describe.skipIf(stack.skip)('agent task: answer a Qt 6 application’s question', () => {
  it('packagesearch: the database question read, the main window blocked behind it, "No" pressed: the program ends', async () => {
    let outcome: Record<string, unknown> = {};
    await runScenario({
      name: 'packagesearch: decline the index build',
      apps: [],
      async run({ agent, desktop, scratch }) {
        const indexBefore = existsSync(INDEX);
        const running = await launchCorpusApp(desktop, PACKAGESEARCH, prepareDocuments(scratch));
        try {
          const question = await agent.waitForWindow(/^Error trying to open Xapian database$/, 60_000);
          const text = JSON.stringify(question.blocks);
          if (!text.includes('update-apt-xapian-index')) fail(`the question does not say what it asks: ${text}`);
          const snapshot = await agent.read();
          const main = snapshot.windows.find((w) => /^Debian Package Search/.test(w.title));
          const pressed = await agent.must(expectTool(await agent.tools(), `${question.id}__press`), { button: 'No' });
          const exit = await Promise.race([running.launched.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 15_000))]);
          // The bridge stops serving the program's windows once it has ended: the X server's
          // DestroyNotify reaches the bridge after the exit, so the agent reads again on the
          // bridge's update notification, as a client does, for at most 15 s.
          const ended = Date.now();
          const served = async () => (await agent.read()).windows.filter((w) => w.id === question.id || w.id === main?.id).length;
          let left = await served();
          while (left > 0 && Date.now() - ended < 15_000) {
            await agent.waitForUpdate(1000);
            left = await served();
          }
          console.log(`packagesearch: its windows left the snapshot ${Date.now() - ended} ms after the program ended`);
          expectAppsQuiet(desktop);
          outcome = {
            mainBlocked: main !== undefined && !snapshot.operableWindowIds.includes(main.id),
            message: pressed.message,
            exit,
            served: left,
            indexBuilt: !indexBefore && existsSync(INDEX),
          };
        } finally {
          await running.stop();
        }
      },
    });
    // packagesearch ends with status 2 when it may not build its index: its own exit, not a signal.
    expect(outcome).toEqual({ mainBlocked: true, message: 'Pressed "No". The window closed.', exit: 2, served: 0, indexBuilt: false });
  }, 180_000);
});
