/**
 * `--confirm destructive|writes`: a human approves such a tool call before it runs.
 * The gate asks an `Approver`; the first one asks the MCP client through elicitation. Another
 * place to answer (a browser console) plugs in as a second Approver, combined with `firstAnswer`.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

export type ConfirmPolicy = 'destructive' | 'writes';

export interface ApprovalRequest {
  toolName: string;
  /** The tool's title as listed, for the question shown to the human. */
  title: string;
  /** Arguments as the audit log shows them: free text already masked. */
  arguments: Record<string, unknown>;
  kind: 'destructive' | 'write';
  /** The connection that asked, for the approver that answers through it. */
  session: ApprovalSession;
  /** Aborted when the call is cancelled or the connection leaves. */
  signal?: AbortSignal;
}

export interface ApprovalSession {
  id: number;
  transport: string;
  clientName?: string;
  /** MCP elicitation through this connection's client, when it declared the capability. */
  elicit?: (message: string, signal?: AbortSignal) => Promise<'accept' | 'decline' | 'cancel'>;
}

export type ApprovalDecision =
  { approved: true; by: string } | { approved: false; by: string; reason: string; /** Nobody could be asked here (not a refusal). */ unavailable?: boolean };

export interface Approver {
  readonly name: string;
  approve(request: ApprovalRequest): Promise<ApprovalDecision>;
}

/** Which calls need approval under the policy; undefined when none. */
export function approvalKind(policy: ConfirmPolicy | undefined, tool: Pick<Tool, 'annotations'>): ApprovalRequest['kind'] | undefined {
  if (!policy || tool.annotations?.readOnlyHint === true) return undefined;
  if (tool.annotations?.destructiveHint === true) return 'destructive';
  return policy === 'writes' ? 'write' : undefined;
}

/** Asks the human through the calling client (MCP `elicitation/create`, a yes/no form). */
export const elicitationApprover: Approver = {
  name: 'elicitation',
  async approve(request) {
    const { session } = request;
    if (!session.elicit) {
      return {
        approved: false,
        by: 'elicitation',
        unavailable: true,
        reason: `"${request.toolName}" needs a human's confirmation (--confirm), but this client (${session.clientName ?? session.transport}) does not support MCP elicitation, so nobody can be asked. It was not run.`,
      };
    }
    let answer: 'accept' | 'decline' | 'cancel';
    try {
      answer = await session.elicit(questionFor(request), request.signal);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return { approved: false, by: 'elicitation', reason: `Nobody confirmed "${request.title}" (${why}). It was not run.` };
    }
    if (answer === 'accept') return { approved: true, by: 'elicitation' };
    return { approved: false, by: 'elicitation', reason: `The user ${answer === 'decline' ? 'declined' : 'dismissed'} "${request.title}". It was not run.` };
  },
};

export function questionFor(request: ApprovalRequest): string {
  const args = Object.keys(request.arguments).length > 0 ? ` with ${JSON.stringify(request.arguments)}` : '';
  const what = request.kind === 'destructive' ? 'a destructive action' : 'an action that changes the application';
  return `An AI agent wants to run ${what}: "${request.title}" (${request.toolName})${args}. Allow it?`;
}

/**
 * Several places to answer (client elicitation, a browser console…): tried in order; one that
 * could not ask anybody (`unavailable`) passes to the next, any real answer decides.
 */
export function firstAnswer(approvers: Approver[]): Approver {
  return {
    name: approvers.map((a) => a.name).join('+'),
    async approve(request) {
      let last: ApprovalDecision = { approved: false, by: 'none', unavailable: true, reason: 'No approver is configured.' };
      for (const approver of approvers) {
        last = await approver.approve(request);
        if (!('unavailable' in last && last.unavailable)) return last;
      }
      return last;
    },
  };
}

/**
 * Several places asked at once (the client's elicitation and the owner's console): the
 * first real answer decides and every other question is withdrawn (its signal aborts, so an
 * elicitation is cancelled on the client). Places that cannot ask anybody (`unavailable`) do not
 * count; when none could ask, the last such answer is returned.
 */
export function raceApprovers(approvers: Approver[]): Approver {
  return {
    name: approvers.map((a) => a.name).join('|'),
    approve(request) {
      const withdraw = new AbortController();
      const onCallAborted = () => withdraw.abort();
      request.signal?.addEventListener('abort', onCallAborted, { once: true });
      if (request.signal?.aborted) withdraw.abort();
      return new Promise<ApprovalDecision>((resolve) => {
        let open = approvers.length;
        let last: ApprovalDecision = { approved: false, by: 'none', unavailable: true, reason: 'No approver is configured.' };
        const settle = (decision: ApprovalDecision) => {
          request.signal?.removeEventListener('abort', onCallAborted);
          withdraw.abort();
          resolve(decision);
        };
        if (open === 0) return settle(last);
        for (const approver of approvers) {
          approver.approve({ ...request, signal: withdraw.signal }).then(
            (decision) => {
              open--;
              if (withdraw.signal.aborted && !request.signal?.aborted) return; // someone answered first
              if (!('unavailable' in decision && decision.unavailable)) return settle(decision);
              last = decision;
              if (open === 0) settle(last);
            },
            (error: unknown) => {
              open--;
              last = {
                approved: false,
                by: approver.name,
                unavailable: true,
                reason: `Nobody could be asked (${error instanceof Error ? error.message : String(error)}). It was not run.`,
              };
              if (open === 0 && !withdraw.signal.aborted) settle(last);
            },
          );
        }
      });
    },
  };
}
