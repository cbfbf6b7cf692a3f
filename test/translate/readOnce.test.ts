/**
 * "Read once": the bridge calls a translator's `read` once per window state and
 * passes that very reading to `translate` and to every action's `input` and `available`. Without
 * `read` (translators written before it), the reading is the tree root, as `(view, root)` expects.
 * A translator whose `read` throws falls back to the generic translation like one whose
 * `translate` throws.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { prepareWindowActions } from '../../src/bridge/prepare.js';
import type { A11yNode, WindowTree } from '../../src/platform/probe.js';
import { defineAction, defineTranslator } from '../../src/translate/define.js';
import { translateWindow, type TranslatorRegistry } from '../../src/translate/registry.js';
import { fakeWindowFacts } from '../../src/testing/actionContext.js';
import { silentLogger } from '../../src/util/logger.js';
import { genericTranslator } from '../../translators/generic/index.js';

const root: A11yNode = {
  ref: 'r',
  role: 'frame',
  name: 'Notes',
  states: ['showing', 'visible'],
  children: [{ ref: 'b', role: 'push_button', name: 'Save', states: ['enabled', 'sensitive', 'showing', 'visible'], children: [] }],
};
const tree: WindowTree = { root, nodeCount: 2, truncated: false, warnings: [] };
const facts = fakeWindowFacts({ nativeId: 'x1', appKey: 'a', title: 'Notes', app: { key: 'a', id: 'org.example.Notes', name: 'Notes', pid: 1, actions: [] } });
const ctx = { platform: 'linux', warnings: [], truncated: false };

interface NotesReading {
  buttons: string[];
}

function countingTranslator() {
  const seen: { reads: number; readings: unknown[] } = { reads: 0, readings: [] };
  const press = defineAction({
    name: 'press',
    title: 'Press',
    description: 'Presses a button.',
    kind: 'write',
    input: (_view, reading: NotesReading) => {
      seen.readings.push(reading);
      return z.object({ button: z.enum(reading.buttons as [string, ...string[]]) });
    },
    available: (_view, reading: NotesReading) => {
      seen.readings.push(reading);
      return reading.buttons.length > 0;
    },
    run: async () => ({ message: 'pressed' }),
  });
  const translator = defineTranslator({
    id: 'notes',
    match: { appId: 'org.example.Notes' },
    read: (_window, t): NotesReading => {
      seen.reads++;
      return { buttons: t.root.children.map((c) => c.name) };
    },
    translate: (_window, _tree, _ctx, reading) => {
      seen.readings.push(reading);
      return { summary: `Buttons: ${reading.buttons.join(', ')}`, blocks: [], actions: [press] };
    },
  });
  return { translator, seen };
}

describe('read once per window state', () => {
  it('translate, input and available receive the one reading read computed', () => {
    const { translator, seen } = countingTranslator();
    const registry: TranslatorRegistry = { translators: [translator], fallback: genericTranslator };
    const translation = translateWindow(registry, facts, tree, ctx, silentLogger);
    const prepared = prepareWindowActions('w1', translation.view, translation.reading);
    expect(translation.view.summary).toBe('Buttons: Save');
    expect(prepared.get('press')?.descriptor.inputSchema).toMatchObject({ properties: { button: { enum: ['Save'] } } });
    expect(seen.reads).toBe(1);
    expect(seen.readings).toHaveLength(3);
    for (const reading of seen.readings) expect(reading).toBe(translation.reading);
  });

  it('without read, translate and the actions receive the tree root', () => {
    const roots: unknown[] = [];
    const legacy = defineTranslator({
      id: 'legacy',
      match: {},
      translate: (_window, _tree, _ctx, reading) => {
        roots.push(reading);
        const check = defineAction({
          name: 'check',
          title: 'Check',
          description: 'Checks.',
          kind: 'read',
          input: z.object({}),
          available: (_view, node: A11yNode) => roots.push(node) > 0,
          run: async () => ({ message: 'ok' }),
        });
        return { summary: '', blocks: [], actions: [check] };
      },
    });
    const translation = translateWindow({ translators: [legacy], fallback: genericTranslator }, facts, tree, ctx, silentLogger);
    expect([...prepareWindowActions('w1', translation.view, translation.reading).keys()]).toEqual(['check']);
    expect(roots).toEqual([root, root]);
  });

  it('a read that throws falls back to the generic translation, with its own reading', () => {
    const broken = defineTranslator({
      id: 'broken',
      match: {},
      read: (): NotesReading => {
        throw new Error('no such widget');
      },
      translate: () => ({ summary: 'never', blocks: [], actions: [] }),
    });
    const translation = translateWindow({ translators: [broken], fallback: genericTranslator }, facts, tree, ctx, silentLogger);
    expect(translation.translatorId).toBe('generic');
    expect(translation.view.blocks[0]).toMatchObject({ id: 'translator-error' });
    expect([...prepareWindowActions('w1', translation.view, translation.reading).keys()]).toContain('press');
  });
});
