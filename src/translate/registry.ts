import { BlockSchema } from '../protocol/schemas.js';
import type { A11yNode, AppInfo, WindowTree } from '../platform/probe.js';
import type { Logger } from '../util/logger.js';
import { readAndTranslate } from './define.js';
import type { AppActionDef, AppMatch, TranslateContext, TranslatorDef, WindowFacts, WindowMatch, WindowView } from './types.js';

/** An explicit, ordered list of translators: the first match wins, else the fallback. */
export interface TranslatorRegistry {
  translators: readonly TranslatorDef[];
  fallback: TranslatorDef;
}

export interface Translation {
  translatorId: string;
  view: WindowView;
  /** The translator's reading of this window state, for the actions' `input` and `available`. */
  reading: unknown;
}

export function pickTranslator(registry: TranslatorRegistry, window: WindowFacts, root: A11yNode): TranslatorDef {
  return registry.translators.find((t) => matchesWindow(t.match, window, root)) ?? registry.fallback;
}

/**
 * Translates one window. A translator that throws or returns malformed blocks never takes the
 * server down: the window falls back to the generic translation with a warn notice, and the error
 * is logged with the translator's id.
 */
export function translateWindow(registry: TranslatorRegistry, window: WindowFacts, tree: WindowTree, ctx: TranslateContext, log: Logger): Translation {
  const chosen = pickTranslator(registry, window, tree.root);
  const first = attempt(chosen, window, tree, ctx, log);
  if (first) return first;
  const notice = {
    type: 'notice' as const,
    id: 'translator-error',
    severity: 'warn' as const,
    text: `This window is shown with generic rules: the "${chosen.id}" translator failed.`,
  };
  const fallback = chosen === registry.fallback ? undefined : attempt(registry.fallback, window, tree, ctx, log);
  const view = fallback?.view ?? { summary: `${window.title} (content unavailable)`, blocks: [], actions: [] };
  return { translatorId: fallback?.translatorId ?? 'none', view: { ...view, blocks: [notice, ...view.blocks] }, reading: fallback?.reading ?? tree.root };
}

function attempt(translator: TranslatorDef, window: WindowFacts, tree: WindowTree, ctx: TranslateContext, log: Logger): Translation | undefined {
  try {
    const { view, reading } = readAndTranslate(translator, window, tree, ctx);
    return { translatorId: translator.id, view: checkView(view), reading };
  } catch (error) {
    log.error(`translator "${translator.id}" failed on window ${window.winId}`, {
      translator: translator.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  }
}

/**
 * Application-level actions of an app: from the first translator whose app match fits, else from
 * the fallback, as for windows.
 */
export function appActionsFor(registry: TranslatorRegistry, app: AppInfo): readonly AppActionDef[] {
  const owner = registry.translators.find((t) => t.appActions && matchesApp(t.match, app)) ?? registry.fallback;
  const actions = owner.appActions ?? [];
  return typeof actions === 'function' ? actions(app) : actions;
}

function checkView(view: WindowView): WindowView {
  for (const block of view.blocks) BlockSchema.parse(block);
  if (typeof view.summary !== 'string') throw new Error('summary must be a string');
  return view;
}

export function matchesApp(match: AppMatch, app: AppInfo): boolean {
  if (match.appId === undefined && match.appName === undefined) return false;
  return matchValue(match.appId, app.id) && matchValue(match.appName, app.name);
}

export function matchesWindow(match: WindowMatch, window: WindowFacts, root: A11yNode): boolean {
  return (
    matchValue(match.appId, window.app.id) &&
    matchValue(match.appName, window.app.name) &&
    matchValue(match.className, window.className ?? '') &&
    matchValue(match.title, window.title) &&
    matchValue(match.role, root.role) &&
    (match.test?.(window, root) ?? true)
  );
}

function matchValue(pattern: string | RegExp | undefined, value: string): boolean {
  if (pattern === undefined) return true;
  return typeof pattern === 'string' ? pattern === value : pattern.test(value);
}
