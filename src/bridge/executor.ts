/**
 * Runs tool calls from every connection through one serialized, fair queue (P-SESS-3). All run-time
 * checks live here, never inside actions (P-VAL-1): window gone, blocked by a modal, action
 * hidden, arguments invalid, stale version. After the action it waits for the effect, applies the
 * new state (notifications go out from there) and only then returns (P-TOOL-6).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BridgeError, isBridgeError } from '../protocol/errors.js';
import { APP_TOOL_PREFIX, parseToolName } from '../protocol/names.js';
import type { AppInfo, Probe } from '../platform/probe.js';
import type { ActionContext, ActionOutcome, StateReader, WaitOptions } from '../translate/types.js';
import type { Logger } from '../util/logger.js';
import type { AppToolBuilder } from './appTools.js';
import { CancelledBeforeStart, SerialQueue, type Lane } from './queue.js';
import type { BridgeState, ToolTarget, WindowRecord } from './state.js';
import type { StateSync } from './sync.js';
import { errorResult, successResult } from './toolResult.js';
import { validateArgs } from './validateArgs.js';
import { awaitReadable } from './readable.js';
import { waitForVisibleEffect } from '../translate/commonActions.js';
import { withOpenedWindows } from '../translate/kit/actions/shared.js';
import { ActionSteps, steppedProbe } from './actionSteps.js';

export interface ExecutorOptions {
  state: BridgeState;
  sync: StateSync;
  probe: Probe;
  appTools: AppToolBuilder;
  log: Logger;
  /** Deadline of an action that does not declare its own (ms). */
  defaultTimeoutMs?: number;
  /** While waiting for an effect, re-read the acting window this often in case an event was missed. */
  nudgeMs?: number;
  /**
   * Whether part of a window's content is read from its pixels (pixelText.ts): no event tells
   * when an app has drawn, so after an action the executor looks until the pixels settle.
   */
  showsPixels?: (winId: string) => boolean;
}

export class Executor {
  private readonly queue = new SerialQueue();

  constructor(private readonly options: ExecutorOptions) {}

  /** Calls waiting in the queue, including the running one. */
  get pending(): number {
    return this.queue.size;
  }

  /**
   * `caller` (a session) is the fairness lane: callers take turns, each in its own order. A call
   * whose `signal` aborts while it waits is dropped unrun; one already running completes, because
   * stopping an action half-way (half the keys typed) could leave the app worse than either.
   */
  async call(name: string, rawArgs: unknown, caller?: Lane, signal?: AbortSignal): Promise<CallToolResult> {
    try {
      return await this.queue.run(
        async () => {
          try {
            return await this.execute(name, rawArgs);
          } catch (error) {
            return errorResult(await this.toBridgeError(error, name, rawArgs));
          }
        },
        caller,
        signal,
      );
    } catch (error) {
      if (!(error instanceof CancelledBeforeStart)) throw error;
      return errorResult(new BridgeError('action_not_available', `"${name}" was cancelled before it ran; nothing was done.`));
    }
  }

  private async execute(name: string, rawArgs: unknown): Promise<CallToolResult> {
    const { state, sync } = this.options;
    await sync.flush(); // decide on the latest state, including the user's last edits
    const target = this.resolve(name);
    const { prepared } = target;
    const { args, expectedVersion } = validateArgs(prepared.input, rawArgs, prepared.acceptsVersion);
    const record = target.kind === 'window' ? (state.window(target.winId) as WindowRecord) : null;
    if (record && expectedVersion !== undefined && expectedVersion !== record.version) {
      throw new BridgeError(
        'stale_state',
        `Window ${record.winId} is at version ${record.version}, not ${expectedVersion}: it changed since you read it. Re-read app://windows and decide again.`,
        { currentVersion: record.version },
      );
    }
    const before = new Set(state.windows().map((w) => w.winId));
    const deadline = Date.now() + (prepared.def.timeoutMs ?? this.options.defaultTimeoutMs ?? 10_000);
    const { outcome, visibleEffectAwaited } = await this.runAction(target, record, args);
    // After a change, read the acting window whole once more: an app may change more than its
    // events name (a Qt combo box's value), and incremental reads follow only events. A read-only
    // tool changes nothing, so it reads nothing again (P-CONC-1).
    if (prepared.def.kind !== 'read') {
      if (record) sync.markContent([record.facts.nativeId], true);
      sync.markTopology();
      if (record && !visibleEffectAwaited && this.options.showsPixels?.(record.winId)) await this.settlePixels(record, deadline);
    }
    await sync.flush();
    const openedWindowIds = state
      .windows()
      .filter((w) => !before.has(w.winId))
      .map((w) => w.winId);
    const images = outcome?.image ? [{ type: 'image' as const, mimeType: outcome.image.mimeType, data: outcome.image.data.toString('base64') }] : [];
    const unreadable = await awaitReadable(sync, state, openedWindowIds, deadline, this.options.nudgeMs ?? 250);
    const notice =
      unreadable.length > 0 ? ` Not readable yet: ${unreadable.join(', ')} (its content had not appeared by the deadline); re-read app://windows shortly.` : '';
    return successResult(
      {
        message: withOpenedWindows(outcome?.message ?? `${prepared.def.title}: done.`, openedWindowIds) + notice,
        openedWindowIds,
        ...(outcome?.result !== undefined ? { result: outcome.result as Record<string, unknown> } : {}),
      },
      images,
    );
  }

  /** P-VAL-1 / D-2: unknown, closed, blocked or hidden targets become structured errors. */
  private resolve(name: string): ToolTarget {
    const { state } = this.options;
    const found = state.toolTarget(name);
    if (found) return found;
    const parsed = parseToolName(name);
    if (!parsed) throw new BridgeError('window_not_found', `There is no tool "${name}". Re-read app://windows and tools/list.`);
    if (parsed.target === APP_TOOL_PREFIX) {
      if (this.hiddenByAppModal(name)) {
        throw new BridgeError(
          'blocked_by_modal',
          `"${name}" is blocked: an application-level modal window is open. Operate the windows in operableWindowIds first.`,
        );
      }
      throw new BridgeError('action_not_available', `The application action "${parsed.action}" is not available now. Re-read tools/list.`);
    }
    const record = state.window(parsed.target);
    if (!record) {
      throw new BridgeError('window_not_found', `Window ${parsed.target} does not exist (it may have closed). Re-read app://windows.`);
    }
    if (!state.isOperable(record.winId)) {
      throw new BridgeError(
        'blocked_by_modal',
        `Window ${record.winId} ("${record.facts.title}") is blocked by a modal window. Operate a window in operableWindowIds first.`,
      );
    }
    throw new BridgeError('action_not_available', `Window ${record.winId} has no action "${parsed.action}" available now. Re-read tools/list.`);
  }

  private hiddenByAppModal(name: string): boolean {
    const { state, appTools } = this.options;
    const collapsed = state.apps().filter((a) => state.isAppCollapsed(a.key));
    if (collapsed.length === 0) return false;
    return appTools.build(collapsed, state.windows(), new Set()).some((t) => t.prepared.toolName === name);
  }

  /** Bounded: up to 1.5 s for a first change, then until a fresh read shows no more (commonActions.ts). */
  private async settlePixels(record: WindowRecord, deadline: number): Promise<void> {
    const { state } = this.options;
    await waitForVisibleEffect({ state, waitFor: (check, options) => this.waitFor(check, options, deadline, record.facts.nativeId) }, record.winId);
  }

  private async runAction(
    target: ToolTarget,
    record: WindowRecord | null,
    args: Record<string, unknown>,
  ): Promise<{ outcome: ActionOutcome<unknown> | void; visibleEffectAwaited: boolean }> {
    const def = target.prepared.def;
    const timeoutMs = def.timeoutMs ?? this.options.defaultTimeoutMs ?? 10_000;
    const deadline = Date.now() + timeoutMs;
    const controller = new AbortController();
    const app = this.appOf(target, record);
    const steps = new ActionSteps();
    const ctx: ActionContext = {
      window: record,
      app,
      probe: steppedProbe(this.options.probe, steps),
      state: this.options.state,
      signal: controller.signal,
      waitFor: (check, options) =>
        steps.run(`waiting for ${options?.what ?? 'the effect'}`, () => this.waitFor(check, options, deadline, record?.facts.nativeId, steps)),
      settle: (ms) => steps.run(`a pause of ${ms} ms, then the windows to be read`, () => this.settle(ms, deadline, controller.signal)),
    };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        const stuck = steps.describe();
        this.options.log.warn(`action "${def.title}" timed out`, {
          stuck,
          steps: steps
            .history()
            .map((s) => `${s.step}: ${s.ms} ms`)
            .join('; '),
        });
        const where = stuck ? ` (it was ${stuck})` : '';
        reject(
          new BridgeError('action_timeout', `"${def.title}" did not take effect within ${timeoutMs} ms${where}. Re-read app://windows: it may still complete.`),
        );
      }, timeoutMs);
    });
    try {
      const outcome = await Promise.race([def.run(args as never, ctx), timeout]);
      return { outcome, visibleEffectAwaited: ctx.visibleEffectAwaited === true };
    } finally {
      clearTimeout(timer);
    }
  }

  private appOf(target: ToolTarget, record: WindowRecord | null): AppInfo {
    const appKey = target.kind === 'app' ? target.appKey : (record as WindowRecord).facts.appKey;
    const app = this.options.state.apps().find((a) => a.key === appKey) ?? record?.facts.app;
    if (!app) throw new BridgeError('window_not_found', 'The application has gone away. Re-read app://windows.');
    return app;
  }

  /** A pause the app needs between inputs, bounded by the deadline; then the state catches up. */
  private async settle(ms: number, deadline: number, signal: AbortSignal): Promise<void> {
    const wait = Math.max(0, Math.min(ms, deadline - Date.now()));
    if (wait > 0 && !signal.aborted) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
    }
    await this.options.sync.flush();
  }

  private async waitFor<T>(
    check: (state: StateReader) => T | undefined | null | false,
    options: WaitOptions | undefined,
    deadline: number,
    nativeId: string | undefined,
    steps?: ActionSteps,
  ): Promise<T> {
    const { sync, state } = this.options;
    const flush = () => (steps ? steps.run('waiting for the windows to be read', () => sync.flush()) : sync.flush());
    const until = Math.min(deadline, options?.timeoutMs !== undefined ? Date.now() + options.timeoutMs : deadline);
    const nudgeMs = this.options.nudgeMs ?? 250;
    for (;;) {
      await flush();
      const value = check(state);
      if (value) return value;
      const remaining = until - Date.now();
      if (remaining <= 0) {
        throw new BridgeError('action_timeout', `Timed out waiting for ${options?.what ?? 'the effect'}. Re-read app://windows: it may still happen.`);
      }
      const generation = state.generation;
      await sync.nextApplied(Math.min(remaining, nudgeMs));
      if (state.generation === generation) {
        // No event arrived: look again in case the platform missed one.
        if (nativeId) sync.markContent([nativeId], true);
        sync.markTopology();
      }
    }
  }

  private async toBridgeError(error: unknown, name: string, rawArgs: unknown): Promise<BridgeError> {
    if (isBridgeError(error)) return error;
    const raw = error instanceof Error ? error.message : String(error);
    const message = scrubArguments(raw, rawArgs);
    this.options.log.warn(`tool ${name} failed`, { error: message });
    const parsed = parseToolName(name);
    if (parsed && parsed.target !== APP_TOOL_PREFIX) {
      // The application may have died mid-call: look at the windows now, not at the last listing.
      this.options.sync.markTopology();
      await this.options.sync.flush().catch(() => undefined);
      if (!this.options.state.window(parsed.target))
        return new BridgeError('window_not_found', `The window closed while "${name}" ran. Re-read app://windows.`);
    }
    // A platform call left unanswered: the application is busy or not responding.
    if ((error as { code?: unknown }).code === 'timeout') {
      return new BridgeError('action_timeout', `The action got no answer in time: ${message}. Re-read app://windows: it may still complete.`);
    }
    // No protocol code means "the platform refused"; the closest is "not available now".
    return new BridgeError('action_not_available', `The action could not be performed: ${message}`);
  }
}

/** Platform errors may quote what was being typed: never let an argument value through. */
function scrubArguments(message: string, rawArgs: unknown): string {
  if (!rawArgs || typeof rawArgs !== 'object') return message;
  let out = message;
  for (const value of Object.values(rawArgs as Record<string, unknown>)) {
    if (typeof value === 'string' && value.length >= 3) out = out.split(value).join('…');
  }
  return out;
}
