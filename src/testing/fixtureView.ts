/**
 * Runs one translator over a recorded fixture exactly as the bridge would publish the result:
 * window ids allocated in listing order, blocks through `publishContent` (ids, masking), actions
 * through `prepareWindowActions` (availability, input JSON schemas). Inputs are deep-frozen and
 * every window is translated twice: a translator that mutates its input or is not deterministic
 * fails here (house style 6).
 */
import { prepareWindowActions } from '../bridge/prepare.js';
import { publishContent } from '../bridge/publish.js';
import { toFacts } from '../bridge/records.js';
import { WindowIdAllocator } from '../bridge/windowIds.js';
import type { Fixture } from '../platform/fixture/format.js';
import { BlockSchema, type Block } from '../protocol/schemas.js';
import type { JsonSchema } from '../translate/jsonSchema.js';
import { readAndTranslate } from '../translate/define.js';
import { matchesWindow } from '../translate/registry.js';
import type { ActionKind, TranslatorDef, WindowFacts } from '../translate/types.js';

export interface PublishedAction {
  name: string;
  kind: ActionKind;
  inputSchema: JsonSchema;
}

export interface PublishedWindowView {
  nativeId: string;
  title: string;
  summary: string;
  blocks: Block[];
  actions: PublishedAction[];
}

/** Facts of every fixture window, with the public ids the bridge would give them. */
export function fixtureFacts(fixture: Fixture): WindowFacts[] {
  const ids = new WindowIdAllocator();
  const served = new Set(fixture.windows.map((w) => w.nativeId));
  const winIdOf = (nativeId: string) => (served.has(nativeId) ? ids.idFor(nativeId).winId : undefined);
  return fixture.windows.map((native) => {
    const app = fixture.apps.find((a) => a.key === native.appKey);
    if (!app) throw new Error(`window ${native.nativeId} belongs to unknown app ${native.appKey}`);
    return toFacts(native, ids.idFor(native.nativeId).winId, app, winIdOf);
  });
}

/** The published views of the windows `translator` matches, in fixture order. */
export function translateFixture(fixture: Fixture, translator: TranslatorDef): PublishedWindowView[] {
  const views: PublishedWindowView[] = [];
  for (const facts of fixtureFacts(fixture)) {
    const tree = deepFreeze(structuredClone(fixture.trees[facts.nativeId]));
    if (!tree || !matchesWindow(translator.match, facts, tree.root)) continue;
    const frozenFacts = deepFreeze(structuredClone(facts));
    const ctx = deepFreeze({ platform: fixture.recording.platform, warnings: tree.warnings, truncated: tree.truncated });
    const where = `translator "${translator.id}" on window ${facts.nativeId} ("${facts.title}")`;
    const { view, reading } = readAndTranslate(translator, frozenFacts, tree, ctx);
    for (const [i, block] of view.blocks.entries()) {
      const parsed = BlockSchema.safeParse(block);
      if (!parsed.success) throw new Error(`${where}: block ${i} is not a valid block: ${parsed.error.issues[0]?.message}`);
    }
    const published = publishContent(view);
    const again = publishContent(readAndTranslate(translator, frozenFacts, tree, ctx).view);
    if (JSON.stringify(again) !== JSON.stringify(published)) throw new Error(`${where} is not deterministic: two runs differ`);
    const actions = [...prepareWindowActions(facts.winId, view, reading).values()].map((p) => ({
      name: p.action,
      kind: p.def.kind,
      inputSchema: p.descriptor.inputSchema as JsonSchema,
    }));
    views.push({ nativeId: facts.nativeId, title: facts.title, summary: published.summary, blocks: published.blocks, actions });
  }
  return views;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value as Record<string, unknown>)) deepFreeze(child);
  }
  return value;
}
