import type { z } from 'zod';
import type { Block } from '../protocol/schemas.js';
import type { A11yNode, ActionPrimitives, AppInfo, NativeWindow, WindowTree } from '../platform/probe.js';

/** The facts a translator may use about a window besides its tree. */
export interface WindowFacts extends NativeWindow {
  /** The bridge's public, name-safe id (P-TOOL-14). */
  winId: string;
  /** Public id of the owner when it is a served window, else null. */
  ownerId: string | null;
  app: AppInfo;
}

/** A block as a translator returns it; `id` is a stable key within the window (P-BLK-1). */
export type BlockDraft = Block;

/**
 * What a translator makes of one window: pure data plus the actions it offers. `R` is the
 * translator's reading, which the bridge passes to every action's `input` and `available`.
 */
export interface WindowView<R = unknown> {
  summary: string;
  blocks: BlockDraft[];
  actions: ReadonlyArray<ActionDef<z.ZodObject, unknown, R>>;
}

export interface TranslateContext {
  platform: string;
  /** Warnings the probe attached to the tree (timeouts, truncation, lost bus). */
  warnings: readonly string[];
  truncated: boolean;
}

export type ActionKind = 'read' | 'navigate' | 'write' | 'destructive';

/** One served window as actions see it: facts, the tree it was translated from, and the view. */
export interface LiveWindow {
  winId: string;
  facts: WindowFacts;
  tree: WindowTree;
  view: WindowView;
  version: number;
}

/** Read access to the bridge state, always the latest applied one. */
export interface StateReader {
  windows(): LiveWindow[];
  window(winId: string): LiveWindow | undefined;
  apps(): AppInfo[];
}

export interface WaitOptions {
  timeoutMs?: number;
  /** Words for the timeout message: "the confirmation dialog to open". */
  what?: string;
}

export interface ActionContext {
  /** The window acted on; null for application-level actions. */
  window: LiveWindow | null;
  app: AppInfo;
  probe: ActionPrimitives;
  state: StateReader;
  /**
   * Resolves with the first truthy value `check` returns on the applied state, re-checking after
   * every state change; rejects with `action_timeout` at the deadline (P-TOOL-6). The current
   * state is checked first, after the changes already reported by the platform are applied: an
   * effect that already happened resolves at once.
   */
  waitFor<T>(check: (state: StateReader) => T | undefined | null | false, options?: WaitOptions): Promise<T>;
  /**
   * Waits `ms` milliseconds (cut at the action's deadline), then applies the changes reported so
   * far. For apps that drop input arriving too fast (toggle-button keypads ignore a repeated press
   * within ~100 ms): never a substitute for `waitFor` on the effect itself.
   */
  settle(ms: number): Promise<void>;
  /** Aborted when the action's deadline passes. */
  signal: AbortSignal;
  /** Set by `waitForVisibleEffect`: the action already waited for the window's pixels to settle. */
  visibleEffectAwaited?: boolean;
}

export interface ActionOutcome<R> {
  message?: string;
  result?: R;
  /** An image for the model (MCP image content beside structuredContent), e.g. `capture`. */
  image?: { mimeType: 'image/png' | 'image/jpeg'; data: Buffer };
}

/**
 * A function of the view and the translator's reading. Written as a method type on purpose:
 * method parameters are checked both ways, so an action that reads `GenericReading` fits the view
 * of a translator whose reading extends it, and any action fits the bridge's erased `ActionDef`,
 * while a reading of an unrelated type is still refused.
 */
type OfReading<Reading, T> = { of(view: WindowView, reading: Reading): T }['of'];

/**
 * The declaration and behaviour of one action; made by `defineAction`. `Reading` is what the
 * bridge passes to `input` and `available`: the reading of the translator that offers the action
 * (its `read`), the window's tree root when the translator declares no `read`.
 */
export interface ActionDef<I extends z.ZodObject = z.ZodObject, R = unknown, Reading = unknown> {
  name: string;
  title: string;
  description: string;
  kind: ActionKind;
  /** Overrides the kind's default `idempotentHint`. */
  idempotent?: boolean;
  openWorld?: boolean;
  /** The parameters: a schema, or a function of the window's reading (enums of what is shown). */
  input: I | OfReading<Reading, I>;
  /** Schema of `result` in the success output (P-TOOL-11). */
  output?: z.ZodObject;
  /** Hides the action while false (P-TOOL-2). Defaults to always available. */
  available?: OfReading<Reading, boolean>;
  /** Deadline for run + waiting for the effect. */
  timeoutMs?: number;
  run(args: z.infer<I>, ctx: ActionContext): Promise<ActionOutcome<R> | void>;
}

/** Facts an application-level action is given. */
export interface AppView {
  app: AppInfo;
  windows: LiveWindow[];
}

/** An application-level action (`app__{action}`). */
export interface AppActionDef<I extends z.ZodObject = z.ZodObject, R = unknown> extends Omit<ActionDef<I, R>, 'input' | 'available'> {
  input: I;
  available?: (view: AppView) => boolean;
}

export interface AppMatch {
  appId?: string | RegExp;
  appName?: string | RegExp;
}

export interface WindowMatch extends AppMatch {
  className?: string | RegExp;
  title?: string | RegExp;
  /** Role of the window's root node ("frame", "dialog", "file_chooser", …). */
  role?: string | RegExp;
  /** Any further test. */
  test?: (window: WindowFacts, tree: A11yNode) => boolean;
}

/**
 * A translator plugin. `R` is its reading: what it makes of a window's tree, computed by `read`
 * once per window state. The bridge passes it to `translate` (summary and blocks) and to every
 * action's `input` and `available`. Without `read`, the reading is the tree's root node.
 */
export interface TranslatorDef<R = unknown> {
  id: string;
  match: WindowMatch;
  /** The translator's reading of one window state; pure and deterministic, like `translate`. */
  read?(window: WindowFacts, tree: WindowTree): R;
  translate(window: WindowFacts, tree: WindowTree, ctx: TranslateContext, reading: R): WindowView<R>;
  /**
   * Application-level actions for the apps `match` names by appId/appName; on the registry's
   * fallback, for every other app. A function of the app when they derive from what the app
   * exposes (the generic translator's come from `AppInfo.actions`).
   */
  appActions?: readonly AppActionDef[] | ((app: AppInfo) => readonly AppActionDef[]);
  /** Notes appended to the MCP instructions when this translator is in use. */
  notes?: string;
}
