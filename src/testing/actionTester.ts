/**
 * ActionTester (public: `gui-bridge/testing`): runs one action of a translator on a window of a
 * recorded fixture the way the bridge would — the translator's view, the action's availability and
 * input schema, argument validation (`validation_failed` with `err.extra.fields`) — with a scripted
 * context instead of a live app: primitives are recorded, and an `effect` says what they change.
 */
import { prepareWindowActions } from '../bridge/prepare.js';
import { validateArgs } from '../bridge/validateArgs.js';
import type { Fixture } from '../platform/fixture/format.js';
import type { A11yNode } from '../platform/probe.js';
import { readAndTranslate } from '../translate/define.js';
import { matchesWindow } from '../translate/registry.js';
import type { ActionOutcome, LiveWindow, TranslatorDef, WindowFacts } from '../translate/types.js';
import { fakeActionContext, type PrimitiveCall, type PrimitiveEffect } from './actionContext.js';
import { fixtureFacts } from './fixtureView.js';
import { loadFixture } from './tester.js';

export interface ActionTesterOptions {
  /** A fixture file path or a parsed fixture. */
  fixture: string | Fixture;
  /** Translators to try in order, as a registry would (the first whose `match` fits translates). */
  translators: readonly TranslatorDef[];
}

export interface ActionRunRequest {
  /** The window: its nativeId or a part of its title (default: the first window a translator matches). */
  window?: string;
  action: string;
  args?: Record<string, unknown>;
  /** What each primitive does to the app (default: nothing). */
  effect?: PrimitiveEffect;
  /** Full texts `readText` returns, children `readChildren` returns. */
  texts?: Record<string, string>;
  children?: A11yNode[];
}

export interface ActionRunResult {
  /** What `run` returned (absent when it threw). */
  outcome?: ActionOutcome<unknown> | void;
  /** What it threw: a BridgeError carries `code` and `extra` (`extra.fields` for validation). */
  error?: Error;
  calls: PrimitiveCall[];
  windows: Map<string, LiveWindow>;
}

export class ActionTester {
  private readonly fixture: Fixture;

  constructor(private readonly options: ActionTesterOptions) {
    this.fixture = typeof options.fixture === 'string' ? loadFixture(options.fixture) : options.fixture;
  }

  /** The fixture's windows a translator claims, with the id of that translator and its available actions. */
  windows(): Array<{ nativeId: string; title: string; translatorId: string; actions: string[] }> {
    return fixtureFacts(this.fixture).flatMap((facts) => {
      const claimed = this.claim(facts);
      if (!claimed) return [];
      return [{ nativeId: facts.nativeId, title: facts.title, translatorId: claimed.translator.id, actions: [...claimed.prepared.keys()] }];
    });
  }

  async run(request: ActionRunRequest): Promise<ActionRunResult> {
    const facts = this.pick(request.window);
    const claimed = this.claim(facts);
    if (!claimed) throw new Error(`no given translator matches window ${facts.nativeId} ("${facts.title}")`);
    const prepared = claimed.prepared.get(request.action);
    if (!prepared) {
      throw new Error(
        `"${claimed.translator.id}" offers no action "${request.action}" on "${facts.title}" now; available: ${[...claimed.prepared.keys()].join(', ')}`,
      );
    }
    const root = this.fixture.trees[facts.nativeId]!.root;
    const { ctx, calls, windows } = fakeActionContext(structuredClone(root), request.effect, {
      facts,
      view: claimed.view,
      ...(request.texts ? { texts: request.texts } : {}),
      ...(request.children ? { children: request.children } : {}),
    });
    try {
      const { args } = validateArgs(prepared.input, request.args ?? {}, prepared.acceptsVersion);
      return { outcome: await prepared.def.run(args as never, ctx), calls, windows };
    } catch (error) {
      return { error: error instanceof Error ? error : new Error(String(error)), calls, windows };
    }
  }

  private pick(window: string | undefined): WindowFacts {
    const all = fixtureFacts(this.fixture);
    const found = window === undefined ? all.find((f) => this.claim(f)) : all.find((f) => f.nativeId === window || f.title.includes(window));
    if (!found)
      throw new Error(
        `the fixture has no window ${window === undefined ? 'a given translator matches' : `"${window}"`}; windows: ${all.map((f) => `"${f.title}"`).join(', ')}`,
      );
    return found;
  }

  private claim(facts: WindowFacts) {
    const tree = this.fixture.trees[facts.nativeId];
    if (!tree) return undefined;
    const translator = this.options.translators.find((t) => matchesWindow(t.match, facts, tree.root));
    if (!translator) return undefined;
    const ctx = { platform: this.fixture.recording.platform, warnings: tree.warnings, truncated: tree.truncated };
    const { view, reading } = readAndTranslate(translator, facts, tree, ctx);
    return { translator, view, prepared: prepareWindowActions(facts.winId, view, reading) };
  }
}
