/**
 * The console as a place to answer `--confirm` questions: each pending call is listed
 * on every open console page until someone answers it there, the MCP client's elicitation answers
 * first (the race aborts this one), or the call is cancelled.
 */
import type { ApprovalDecision, ApprovalRequest, Approver } from '../approval.js';

export interface PendingApproval {
  id: number;
  time: string;
  session: number;
  client?: string;
  toolName: string;
  title: string;
  kind: ApprovalRequest['kind'];
  /** Already masked (audit.ts maskArguments). */
  arguments: Record<string, unknown>;
}

interface Waiting {
  view: PendingApproval;
  answer(approved: boolean): void;
}

export class ConsoleApprovals implements Approver {
  readonly name = 'console';
  private readonly waiting = new Map<number, Waiting>();
  private readonly listeners = new Set<() => void>();
  private nextId = 1;

  /** @param viewers how many console pages are open now: with none, nobody can be asked here. */
  constructor(private readonly viewers: () => number) {}

  pending(): PendingApproval[] {
    return [...this.waiting.values()].map((w) => w.view);
  }

  /** Fires whenever the pending list changes. */
  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The owner's answer; false when the call is no longer pending (answered elsewhere, gone). */
  answer(id: number, approved: boolean): boolean {
    const entry = this.waiting.get(id);
    if (!entry) return false;
    entry.answer(approved);
    return true;
  }

  approve(request: ApprovalRequest): Promise<ApprovalDecision> {
    if (this.viewers() === 0) {
      return Promise.resolve({
        approved: false,
        by: 'console',
        unavailable: true,
        reason: `"${request.toolName}" needs a human's confirmation (--confirm), but no console page is open. It was not run.`,
      });
    }
    const id = this.nextId++;
    const view: PendingApproval = {
      id,
      time: new Date().toISOString(),
      session: request.session.id,
      ...(request.session.clientName ? { client: request.session.clientName } : {}),
      toolName: request.toolName,
      title: request.title,
      kind: request.kind,
      arguments: request.arguments,
    };
    return new Promise<ApprovalDecision>((resolve) => {
      const finish = (decision: ApprovalDecision) => {
        if (!this.waiting.delete(id)) return;
        request.signal?.removeEventListener('abort', onAbort);
        this.changed();
        resolve(decision);
      };
      const onAbort = () =>
        finish({ approved: false, by: 'console', reason: `Nobody confirmed "${request.title}" (the question was withdrawn). It was not run.` });
      this.waiting.set(id, {
        view,
        answer: (approved) =>
          finish(
            approved
              ? { approved: true, by: 'console' }
              : { approved: false, by: 'console', reason: `The desktop owner declined "${request.title}" in the console. It was not run.` },
          ),
      });
      if (request.signal?.aborted) return onAbort();
      request.signal?.addEventListener('abort', onAbort, { once: true });
      this.changed();
    });
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
