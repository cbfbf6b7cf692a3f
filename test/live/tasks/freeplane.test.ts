/**
 * Agent task: add a node to a mind map in a Java Swing editor through the tools a client sees
 * only. Freeplane paints its map itself: the map view is one panel with no accessible child, so
 * the window offers type_text and says its text cannot be read. A first run opens Freeplane's
 * read-only tutorial map in front of the document; the agent closes it with `menu` (File > Close
 * current map), adds a child to the root (selected when a map opens) with `menu`, types the
 * node's text into the in-line editor that opens on it, ending with a newline (the Enter that
 * confirms an in-line edit), and runs File > Save map. The read shows the title's "*" come and go.
 * The truth is the .mm file on disk: the typed text is a new child of the root, the other nodes
 * as they were. Freeplane prints no Java exception and no GLib critical meanwhile.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import { corpusApp, launchCorpusApp } from '../corpus/apps.js';
import { KNOWN, prepareDocuments } from '../corpus/documents.js';
import { runScenario } from './scenario.js';
import type { ScriptedAgent } from './agent.js';
import { expectTool, fail } from './scenarios/checks.js';
import { expectJavaQuiet } from './scenarios/javaQuiet.js';
import { mindMapNodes, type MindMapNode } from './scenarios/mindMap.js';

const FREEPLANE = corpusApp('freeplane');
const stack = displayStack([FREEPLANE.command]);
const TUTORIAL = /^freeplaneFunctions - Freeplane - Mind map mode \(Read Only\) /;
const SAVED = /^ideas - Freeplane - Mind map mode /;
const MODIFIED = /^ideas\* - Freeplane - Mind map mode /;
const TYPED = 'Typed by the agent';

describe.skipIf(stack.skip)('agent task: add a node to a mind map in a Java Swing editor and save it', () => {
  it('Freeplane: close the tutorial map, New child node, type_text, File > Save map, the node on disk', async () => {
    let before: MindMapNode[] = [];
    let after: MindMapNode[] = [];
    await runScenario({
      name: 'freeplane: add a node and save',
      apps: [],
      async run({ agent, desktop, scratch }) {
        const docs = prepareDocuments(scratch);
        before = mindMapNodes(readFileSync(docs.map, 'utf8'));
        const freeplane = await launchCorpusApp(desktop, FREEPLANE, docs);
        try {
          const startMs = (FREEPLANE.startSeconds ?? 45) * 1000;
          // The window shows before Freeplane has built its menus: it is read again until they are.
          const tutorial = await windowWithTool(agent, TUTORIAL, 'menu', startMs);
          await agent.must(`${tutorial.id}__menu`, { path: 'File > Close current map' });

          const map = await windowWithTool(agent, SAVED, 'type_text', 30_000);
          if (!/a document whose text cannot be read/.test(map.summary ?? '')) fail(`the map is not read as a document: ${map.summary}`);
          const tools = await agent.tools();
          const menu = expectTool(tools, `${map.id}__menu`);
          const typeText = expectTool(tools, `${map.id}__type_text`);

          await agent.must(menu, { path: 'Edit > New node > New child node' });
          await agent.waitForWindow(MODIFIED);
          const typed = await agent.must(typeText, { text: `${TYPED}\n` });
          expect(typed.result).toEqual({ via: 'keyboard' });

          await agent.must(menu, { path: 'File > Save map' });
          await agent.waitForWindow(SAVED, 20_000);
          after = await waitFor(() => {
            const nodes = mindMapNodes(readFileSync(docs.map, 'utf8'));
            return nodes.some((n) => n.text === TYPED) ? nodes : null;
          }, 20_000);
          expectAppsQuiet(desktop);
          expectJavaQuiet(freeplane.logFile);
        } finally {
          await freeplane.stop();
        }
      },
    });
    expect(before).toEqual([
      { text: KNOWN.mapRoot, parent: null },
      { text: KNOWN.mapChild, parent: KNOWN.mapRoot },
      { text: 'Second idea', parent: KNOWN.mapRoot },
    ]);
    expect(after).toEqual([...before, { text: TYPED, parent: KNOWN.mapRoot }]);
  }, 300_000);
});

/** The operable window titled `title` once tools/list offers it `action`, re-read as an agent would. */
async function windowWithTool(agent: ScriptedAgent, title: RegExp, action: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const window = await agent.waitForWindow(title, Math.max(0, until - Date.now()));
    if ((await agent.tools()).some((t) => t.name === `${window.id}__${action}`)) return window;
    if (Date.now() > until) fail(`the window "${window.title}" offers no ${action} after ${timeoutMs} ms`);
    await agent.waitForUpdate(1000);
  }
}
