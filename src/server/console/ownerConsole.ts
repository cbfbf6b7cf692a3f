/**
 * The owner's console, the parts the MCP sessions share with the page: the activity
 * feed, the Pause switch and the console's pending approvals, plus the set of open pages, each
 * pushed every change as it is applied (P-NOTE-1 order: state first, then the push).
 */
import type { Bridge } from '../../bridge/bridge.js';
import { raceApprovers, type Approver } from '../approval.js';
import type { SessionOptions } from '../sessionOptions.js';
import { ActivityFeed, type ActivityEntry } from './activity.js';
import { ConsoleApprovals, type PendingApproval } from './approvals.js';
import { PauseSwitch } from './pause.js';
import { buildView, type ConsoleView } from './view.js';

export interface ConsoleState extends ConsoleView {
  paused: boolean;
  approvals: PendingApproval[];
  /** Whether --confirm is on, so that the page explains an empty approvals list. */
  confirm: boolean;
}

/** One open page's stream. */
export interface ConsoleViewer {
  state(state: ConsoleState): void;
  activity(entry: ActivityEntry): void;
}

export class OwnerConsole {
  readonly feed = new ActivityFeed();
  readonly pause = new PauseSwitch();
  readonly approvals = new ConsoleApprovals(() => this.viewers.size);
  private readonly viewers = new Set<ConsoleViewer>();
  private bridge: Bridge | undefined;
  private confirm = false;
  private readonly stops: (() => void)[] = [];

  constructor() {
    this.stops.push(
      this.feed.listen((entry) => this.viewers.forEach((v) => v.activity(entry))),
      this.pause.listen(() => this.push()),
      this.approvals.listen(() => this.push()),
    );
  }

  /**
   * The session options with the console plugged in: the feed, Pause, and the console raced
   * against the client's elicitation when --confirm is on.
   */
  sessionOptions(options: SessionOptions): SessionOptions {
    this.confirm = options.confirm !== undefined;
    const confirm = options.confirm ? { policy: options.confirm.policy, approver: this.withConsole(options.confirm.approver) } : undefined;
    return { ...options, activity: this.feed, pause: this.pause, ...(confirm ? { confirm } : {}) };
  }

  /** Starts following the bridge; call once, before pages connect. */
  attach(bridge: Bridge): void {
    this.bridge = bridge;
    this.stops.push(bridge.onChange((change) => (change.resourcesChanged || change.toolsChanged ? this.push() : undefined)));
  }

  state(): ConsoleState {
    if (!this.bridge) throw new Error('the console is not attached to a bridge');
    return { ...buildView(this.bridge), paused: this.pause.paused, approvals: this.approvals.pending(), confirm: this.confirm };
  }

  get attachedBridge(): Bridge | undefined {
    return this.bridge;
  }

  get viewerCount(): number {
    return this.viewers.size;
  }

  addViewer(viewer: ConsoleViewer): () => void {
    this.viewers.add(viewer);
    return () => this.viewers.delete(viewer);
  }

  setPaused(paused: boolean): void {
    if (this.pause.set(paused)) this.feed.owner(paused ? 'paused the agent' : 'resumed the agent');
  }

  answer(id: number, approved: boolean): boolean {
    const pending = this.approvals.pending().find((p) => p.id === id);
    if (!pending || !this.approvals.answer(id, approved)) return false;
    this.feed.owner(`${approved ? 'approved' : 'declined'} ${pending.toolName} (session ${pending.session})`);
    return true;
  }

  close(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.viewers.clear();
  }

  private withConsole(approver: Approver): Approver {
    return raceApprovers([approver, this.approvals]);
  }

  private push(): void {
    if (this.viewers.size === 0 || !this.bridge) return;
    const state = this.state(); // built once, sent to every page
    for (const viewer of this.viewers) viewer.state(state);
  }
}
