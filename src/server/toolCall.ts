/**
 * One `tools/call` from one connection, through the agent controls of The read tool,
 * the tool filter, the confirmation gate, progress while waiting, and the audit line. The bridge
 * itself (validation, modals, versions, the serial queue) is unchanged underneath.
 */
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolRequest, CallToolResult, ServerNotification, ServerRequest, Tool } from '@modelcontextprotocol/sdk/types.js';
import { errorResult } from '../bridge/toolResult.js';
import { BridgeError } from '../protocol/errors.js';
import { approvalKind, type ApprovalSession } from './approval.js';
import { maskArguments, type AuditEntry } from './audit.js';
import { PAUSED_MESSAGE } from './console/pause.js';
import type { Connection, SessionHub } from './hub.js';
import { startProgress } from './progress.js';
import { READ_TOOL, READ_TOOL_NAME, readWindowsResult } from './readTool.js';
import { sharedSchemaValidator } from './schemaValidator.js';
import { protocolTools } from './toolList.js';
import { explainMiss, STABLE_ACT_NAME, STABLE_READ_NAME, stableReadResult, unpackAct } from './stableTools.js';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export async function handleToolCall(hub: SessionHub, connection: Connection, request: CallToolRequest, extra: Extra): Promise<CallToolResult> {
  const started = Date.now();
  const call = hub.options.stableTools ? stableCall(hub, request) : { name: request.params.name, args: request.params.arguments ?? {} };
  const { name, args } = call;
  const tool = name === READ_TOOL_NAME && hub.options.readTool ? READ_TOOL : hub.bridge.tools().find((t) => t.name === name);
  const shownArgs = maskArguments(args, tool?.inputSchema);
  let result = call.answer ?? (await run(hub, connection, name, args, tool, shownArgs, extra));
  if (call.act) result = explainMiss(result, call.act, protocolTools(hub));
  const entry: AuditEntry = {
    time: new Date(started).toISOString(),
    session: connection.id,
    transport: connection.transport,
    ...(clientName(connection) ? { client: clientName(connection) } : {}),
    tool: name,
    arguments: shownArgs,
    result: resultCode(result),
    durationMs: Date.now() - started,
  };
  hub.options.audit?.record(entry);
  hub.options.activity?.call(entry);
  return result;
}

interface Call {
  name: string;
  args: Record<string, unknown>;
  /** Answered without running a protocol tool (stable read, a malformed act). */
  answer?: CallToolResult;
  /** The window and action an `act` names, to explain a miss. */
  act?: { window: string; action: string };
}

/** --stable-tools: `read_windows` answers here; `act` becomes the protocol tool call it names. */
function stableCall(hub: SessionHub, request: CallToolRequest): Call {
  const { name } = request.params;
  const args = request.params.arguments ?? {};
  if (name === STABLE_READ_NAME) return { name, args, answer: stableReadResult(hub.bridge.snapshotJson(), protocolTools(hub)) };
  if (name !== STABLE_ACT_NAME) {
    const message = `There is no tool "${name}": this server runs with --stable-tools, whose tools are ${STABLE_READ_NAME} and ${STABLE_ACT_NAME}.`;
    return { name, args, answer: errorResult(new BridgeError('action_not_available', message)) };
  }
  const unpacked = unpackAct(args);
  if (!unpacked.ok) return { name, args, answer: unpacked.result };
  return { name: unpacked.name, args: unpacked.args, act: { window: unpacked.window, action: unpacked.action } };
}

async function run(
  hub: SessionHub,
  connection: Connection,
  name: string,
  args: Record<string, unknown>,
  tool: Tool | undefined,
  shownArgs: Record<string, unknown>,
  extra: Extra,
): Promise<CallToolResult> {
  const { filter, confirm, pause } = hub.options;
  const refused = tool && filter?.reason(tool);
  if (tool && refused) return denied(`The tool "${name}" is not available: ${refused}.`, 'denied');
  if (tool === READ_TOOL) return readWindowsResult(hub.bridge);
  if (pause?.blocks(tool)) return denied(PAUSED_MESSAGE, 'paused');

  const stopProgress = startProgress(
    extra._meta?.progressToken,
    (n) => extra.sendNotification(n),
    () => `waiting for ${name}`,
    hub.options.progressEveryMs,
  );
  try {
    const kind = tool && confirm ? approvalKind(confirm.policy, tool) : undefined;
    if (tool && confirm && kind) {
      const decision = await confirm.approver.approve({
        toolName: name,
        title: hub.bridge.toolTitleForHumans(name) ?? tool.title ?? name,
        arguments: shownArgs,
        kind,
        session: approvalSession(connection, extra),
        signal: extra.signal,
      });
      hub.log.info(`confirmation for ${name}: ${decision.approved ? 'approved' : 'refused'}`, { by: decision.by, session: connection.id });
      if (!decision.approved) return denied(decision.reason, 'unavailable' in decision && decision.unavailable ? 'denied' : 'declined');
      // The owner may have paused the agent while the question was open.
      if (pause?.blocks(tool)) return denied(PAUSED_MESSAGE, 'paused');
    }
    // The fair queue takes sessions in turn; a call the client cancels while it waits never runs.
    return await hub.bridge.callTool(name, args, connection.id, extra.signal);
  } finally {
    stopProgress();
  }
}

/** Refusals by agent controls: a protocol error code (the outputSchema allows only those) + our reason. */
function denied(message: string, outcome: 'denied' | 'declined' | 'paused'): CallToolResult {
  const result = errorResult(new BridgeError('action_not_available', message));
  return { ...result, _meta: { 'gui-bridge/refused': outcome } };
}

function resultCode(result: CallToolResult): string {
  const refused = result._meta?.['gui-bridge/refused'];
  if (typeof refused === 'string') return refused;
  if (!result.isError) return 'ok';
  const code = (result.structuredContent as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : 'error';
}

function clientName(connection: Connection): string | undefined {
  return connection.server.getClientVersion()?.name;
}

function approvalSession(connection: Connection, extra: Extra): ApprovalSession {
  const session: ApprovalSession = { id: connection.id, transport: connection.transport, clientName: clientName(connection) };
  if (!connection.server.getClientCapabilities()?.elicitation) return session;
  return {
    ...session,
    elicit: async (message, signal) => {
      await sharedSchemaValidator.load(); // the SDK checks the answer with it, synchronously
      const answer = await connection.server.elicitInput(
        { mode: 'form', message, requestedSchema: { type: 'object', properties: {} } },
        // On HTTP the question travels on the call's own response stream; a human may take minutes.
        { relatedRequestId: extra.requestId, timeout: 10 * 60_000, ...(signal ? { signal } : {}) },
      );
      return answer.action;
    },
  };
}
