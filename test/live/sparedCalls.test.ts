/**
 * Live: the calls a tree read spares change nothing an agent sees. Each window is read
 * twice, as every read does (attributes and relations only where translators use them, values in
 * one GetAll where the toolkit answers it) and thoroughly (every node asked for its attributes and
 * relations), and both trees are translated: the states must be equal. Also: no call on an
 * interface a node does not have, and no GetChildren on a node without children. GTK 3 (gedit,
 * a zenity form), GTK 4 (gnome-calculator) and Qt 5 (FeatherPad); one desktop for the file.
 */
import { describe, expect, it } from 'vitest';
import { IFACE } from '../../src/platform/linux/atspi/names.js';
import { parseRef } from '../../src/platform/linux/atspi/refs.js';
import { readWindowTree } from '../../src/platform/linux/atspi/treeReader.js';
import type { A11yNode, WindowTree } from '../../src/platform/probe.js';
import { fakeWindowFacts } from '../../src/testing/actionContext.js';
import { readAndTranslate } from '../../src/translate/define.js';
import type { TranslatorDef } from '../../src/translate/types.js';
import { geditTranslator } from '../../translators/gedit/index.js';
import { genericTranslator } from '../../translators/generic/index.js';
import { gnomeCalculatorTranslator } from '../../translators/gnome-calculator/index.js';
import { zenityTranslator } from '../../translators/zenity/index.js';
import { displayStack, useDesktop } from './helpers/desktop.js';
import { FULL_BUDGET, recordCalls, useAccess, waitForApp } from './atspiLive.js';

const stack = displayStack(['gedit', 'gnome-calculator', 'zenity', 'featherpad']);

/** Interfaces whose calls a read makes only where the node has them. */
const GUARDED = [IFACE.text, IFACE.value, IFACE.action, IFACE.table, IFACE.selection, IFACE.component];

function nodesOf(root: A11yNode): A11yNode[] {
  const out: A11yNode[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop() as A11yNode;
    out.push(node);
    stack.push(...node.children);
  }
  return out;
}

/** What an agent gets from the tree: the app's translator, and the generic one. */
function states(tree: WindowTree, translators: TranslatorDef[]): unknown[] {
  const facts = fakeWindowFacts({ title: tree.root.name });
  const ctx = { platform: 'linux', warnings: tree.warnings, truncated: tree.truncated };
  return translators.map((translator) => {
    const { view } = readAndTranslate(translator, facts, structuredClone(tree), ctx);
    return { translator: translator.id, summary: view.summary, blocks: view.blocks, actions: view.actions.map((a) => a.name) };
  });
}

describe.skipIf(stack.skip)('calls spared by tree reads change no state', () => {
  const live = useDesktop();
  const atspi = useAccess(live);

  /** Reads the app's first window both ways (twice if it was still settling) and checks the calls of the spared read. */
  async function check(pid: number, translators: TranslatorDef[]): Promise<void> {
    const app = await waitForApp(atspi.access, pid);
    const ref = app.topLevels[0]?.ref as string;
    const root = parseRef(ref);
    const toolkit = await atspi.toolkits.get(root.bus);
    const read = (thorough: boolean) => readWindowTree(atspi.access.client, root, FULL_BUDGET, { toolkit, thorough });
    let spared = await recordCalls(atspi.access, () => read(false));
    let thorough = await read(true);
    if (JSON.stringify(states(spared.result, translators)) !== JSON.stringify(states(thorough, translators))) {
      // A window still settling right after start may differ once; a real difference stays.
      spared = await recordCalls(atspi.access, () => read(false));
      thorough = await read(true);
    }
    expect(spared.result.truncated).toBe(false);
    expect(states(spared.result, translators)).toEqual(states(thorough, translators));

    const nodes = nodesOf(spared.result.root).filter((node) => !node.ref.includes('#'));
    const pathOf = (node: A11yNode) => {
      const r = parseRef(node.ref);
      return `${r.bus}${r.path}`;
    };
    const unexpected: string[] = [];
    for (const iface of GUARDED) {
      for (const path of spared.calls.byInterface.get(iface) ?? []) {
        const node = nodes.find((n) => pathOf(n) === path);
        if (!node) continue; // a call beside the tree (the status bar's popover targets)
        const has = await atspi.access.client.interfaces(parseRef(node.ref));
        if (!has.includes(iface)) unexpected.push(`${node.role} ${node.ref}: ${iface} without the interface`);
      }
    }
    for (const node of nodes) {
      if (node.children.length === 0 && node.childCount === undefined && spared.calls.children.has(pathOf(node)))
        unexpected.push(`${node.role} ${node.ref}: GetChildren without children`);
    }
    expect(unexpected).toEqual([]);
    expect(nodes.length).toBeGreaterThan(10);
  }

  it('gedit (GTK 3)', async () => {
    await check((await live.desktop.launch('gedit')).pid, [geditTranslator, genericTranslator]);
  }, 60_000);

  it('gnome-calculator (GTK 4)', async () => {
    await check((await live.desktop.launch('gnome-calculator')).pid, [gnomeCalculatorTranslator, genericTranslator]);
  }, 60_000);

  it('a zenity form (GTK 3: labels paired with entries by relations)', async () => {
    const form = ['--forms', '--title=Sign up', '--text=Details', '--add-entry=Name', '--add-password=Password', '--add-combo=Plan', '--combo-values=Free|Pro'];
    await check((await live.desktop.launch('zenity', form)).pid, [zenityTranslator, genericTranslator]);
  }, 60_000);

  it('FeatherPad (Qt 5)', async () => {
    await check((await live.desktop.launch('featherpad')).pid, [genericTranslator]);
  }, 60_000);
});
