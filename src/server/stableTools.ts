/**
 * `serve --stable-tools`: for agent frameworks that fix their tool set when a run starts (Vercel
 * AI SDK, LangChain, OpenAI Agents SDK): a dialog that opens mid-run brings tools they never see.
 * Here `tools/list` is two tools that never change: `read_windows` returns the snapshot with each
 * window's actions (name, title, description, inputSchema, annotations) and `act` runs one of
 * them. Behind `act` is the very call of the protocol tool `{window}__{action}` (executor checks,
 * modals, versions, filters, confirmation, audit, notifications after the effect); a miss is
 * answered with what is valid now. docs/frameworks.md says when to use which mode.
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { errorResult } from '../bridge/toolResult.js';
import { BridgeError } from '../protocol/errors.js';
import { APP_TOOL_PREFIX, parseToolName, toolName } from '../protocol/names.js';
import { buildOutputSchema, ERROR_OUTPUT_SCHEMA } from '../translate/jsonSchema.js';

export const STABLE_READ_NAME = 'read_windows';
export const STABLE_ACT_NAME = 'act';

export const STABLE_READ_TOOL: Tool = {
  name: STABLE_READ_NAME,
  title: 'Read all windows',
  description:
    'Returns every window (summary, blocks, version) with the actions you can run on it now, appActions for the application, and operableWindowIds. Call it first and again after every act.',
  inputSchema: { type: 'object', properties: {} },
  outputSchema: {
    type: 'object',
    anyOf: [
      {
        type: 'object',
        properties: {
          operableWindowIds: { type: 'array', items: { type: 'string' } },
          windows: { type: 'array' },
          appActions: { type: 'array' },
        },
        required: ['operableWindowIds', 'windows', 'appActions'],
      },
      ERROR_OUTPUT_SCHEMA,
    ],
  } as Tool['outputSchema'],
  annotations: { readOnlyHint: true, openWorldHint: false },
};

export const STABLE_ACT_TOOL: Tool = {
  name: STABLE_ACT_NAME,
  title: 'Run a window action',
  description:
    'Runs one action that read_windows lists: on a window (its id) or on the application ("app", from appActions). Returns what the action did and openedWindowIds; read_windows again before the next act.',
  inputSchema: {
    type: 'object',
    properties: {
      window: { type: 'string', description: 'A window id from operableWindowIds, or "app" for an action in appActions.' },
      action: { type: 'string', description: "The action's name, as that window's actions list it." },
      arguments: {
        type: 'string',
        description:
          'The action\'s arguments as a JSON object, following its inputSchema, e.g. {"field":"Quantity","value":"3"}; "{}" when it takes none. Add "expectedVersion" (the window\'s version) to act only on the state you read.',
      },
    },
    required: ['window', 'action'],
  },
  outputSchema: buildOutputSchema(undefined) as Tool['outputSchema'],
  // Any window action may run behind it, the destructive ones included.
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
};

export const STABLE_TOOLS: readonly Tool[] = [STABLE_READ_TOOL, STABLE_ACT_TOOL];

/** Appended to the protocol's instructions: where its tool names and tools/list stand in this mode. */
export const STABLE_INSTRUCTIONS = `

This server runs in stable-tools mode: tools/list never changes. Where the text above names a tool {windowId}__{action} or tools/list, use read_windows (every window with the actions it has now) and act with window, action and arguments.`;

/** One action as read_windows lists it. */
export interface ListedAction {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Tool['inputSchema'];
  annotations?: Tool['annotations'];
}

/** The protocol tools a connection may call now, by window id ("app" for application actions). */
export function actionsByTarget(tools: readonly Tool[]): Map<string, ListedAction[]> {
  const byTarget = new Map<string, ListedAction[]>();
  for (const tool of tools) {
    const parsed = parseToolName(tool.name);
    if (!parsed) continue;
    const list = byTarget.get(parsed.target) ?? [];
    list.push({
      name: parsed.action,
      ...(tool.title ? { title: tool.title } : {}),
      ...(tool.description ? { description: tool.description } : {}),
      inputSchema: tool.inputSchema,
      ...(tool.annotations ? { annotations: tool.annotations } : {}),
    });
    byTarget.set(parsed.target, list);
  }
  return byTarget;
}

/** The snapshot (the very one app://windows serves) with each window's actions and the app's. */
export function stableReadResult(snapshotJson: string, tools: readonly Tool[]): CallToolResult {
  const snapshot = JSON.parse(snapshotJson) as { operableWindowIds: string[]; windows: { id: string }[] };
  const byTarget = actionsByTarget(tools);
  const structured = {
    operableWindowIds: snapshot.operableWindowIds,
    windows: snapshot.windows.map((w) => ({ ...w, actions: byTarget.get(w.id) ?? [] })),
    appActions: byTarget.get(APP_TOOL_PREFIX) ?? [],
  };
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}

export type UnpackedAct = { ok: true; name: string; window: string; action: string; args: Record<string, unknown> } | { ok: false; result: CallToolResult };

/**
 * `act`'s own arguments. `arguments` is JSON text in the schema (an object with open properties
 * fails OpenAI's and Anthropic's strict modes, which want every object closed); an object is
 * taken as well, and null or nothing as `{}` (strict mode sends null for an optional parameter).
 */
export function unpackAct(raw: Record<string, unknown>): UnpackedAct {
  const fields: { field: string; error: string }[] = [];
  for (const key of Object.keys(raw)) if (!['window', 'action', 'arguments'].includes(key)) fields.push({ field: key, error: 'unknown parameter' });
  const { window, action } = raw;
  if (typeof window !== 'string' || window === '') fields.push({ field: 'window', error: window === undefined ? 'required' : 'must be a non-empty string' });
  if (typeof action !== 'string' || action === '') fields.push({ field: 'action', error: action === undefined ? 'required' : 'must be a non-empty string' });
  const args = actionArguments(raw.arguments);
  if (args === undefined) fields.push({ field: 'arguments', error: 'must be a JSON object (as text or as an object)' });
  if (fields.length > 0 || typeof window !== 'string' || typeof action !== 'string' || args === undefined) {
    const n = fields.length;
    return {
      ok: false,
      result: errorResult(new BridgeError('validation_failed', `Invalid arguments: ${n} parameter${n === 1 ? '' : 's'} rejected.`, { fields })),
    };
  }
  return { ok: true, name: toolName(window, action), window, action, args };
}

function actionArguments(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || value === null || value === '') return {};
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      return undefined;
    }
  }
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
}

const MISS_CODES = new Set(['window_not_found', 'action_not_available', 'blocked_by_modal', 'validation_failed']);

/**
 * A refused `act` says what is valid now: the operable windows and the application with their
 * actions (a wrong window or action), or the action's parameters (a wrong argument). The protocol
 * error (code, message, fields) stays as the executor gave it; `validNow` rides along.
 */
export function explainMiss(result: CallToolResult, call: { window: string; action: string }, tools: readonly Tool[]): CallToolResult {
  const error = result.structuredContent as { code?: string; message?: string } | undefined;
  if (!result.isError || !error?.code || !MISS_CODES.has(error.code) || result._meta?.['gui-bridge/refused']) return result;
  const byTarget = actionsByTarget(tools);
  const own = byTarget.get(call.window)?.find((a) => a.name === call.action);
  let validNow: Record<string, unknown>;
  let hint: string;
  if (own) {
    const parameters = Object.keys((own.inputSchema.properties ?? {}) as Record<string, unknown>);
    validNow = { parameters };
    hint = `Parameters of ${call.action} on ${call.window}: ${parameters.join(', ') || '(none)'}.`;
  } else {
    const targets = Object.fromEntries([...byTarget].map(([target, actions]) => [target, actions.map((a) => a.name)]));
    validNow = { actions: targets };
    hint = `Valid now: ${Object.entries(targets)
      .map(([target, names]) => `${target} (${names.join(', ')})`)
      .join('; ')}.`;
  }
  const structured = { ...(result.structuredContent as Record<string, unknown>), message: `${error.message ?? ''} ${hint}`.trim(), validNow };
  return { ...result, content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}
