/**
 * The scripted "model" of the framework examples: what an LLM would decide, step by step, to place
 * an order in the demo app (`gui-bridge serve --demo --stable-tools`). Step 1 opens a window, a
 * later step operates it, another opens the "Confirm order" dialog and the last operates that: the
 * windows are read from the tool results, never known in advance. Each framework example wraps
 * this in its own mock-model facility, so the run needs no network and no API key.
 */

/** One tool call the model makes: a tool of `tools/list` (read_windows or act) and its input. */
export interface ToolCall {
  tool: 'read_windows' | 'act';
  input: Record<string, unknown>;
}

/** What the model decided: call a tool, or answer and stop. */
export type Step = { call: ToolCall } | { answer: string };

/** A tool result as the framework hands it back, turned into the JSON object the server sent. */
export function resultObject(raw: unknown): Record<string, unknown> {
  if (typeof raw === 'string') return resultObject(parseJson(raw)); // LangChain: the content as JSON text
  // Content parts: MCP's `text`, the Agents SDK's `input_text`.
  if (Array.isArray(raw)) return resultObject(raw.find((part) => isRecord(part) && (part.type === 'text' || part.type === 'input_text')));
  if (!isRecord(raw)) return {};
  if (isRecord(raw.structuredContent)) return raw.structuredContent;
  if (Array.isArray(raw.content)) return resultObject(raw.content);
  if ('value' in raw) return resultObject(raw.value); // AI SDK: { type: 'json', value }
  if (typeof raw.text === 'string') return resultObject(raw.text);
  return raw;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const act = (window: string, action: string, args: Record<string, unknown> = {}): Step => ({
  call: { tool: 'act', input: { window, action, arguments: JSON.stringify(args) } },
});

/**
 * The next step after the tool results so far (oldest first). A refused call ends the run with
 * the server's error as the answer, so a caller sees exactly what went wrong.
 */
export function nextStep(results: readonly Record<string, unknown>[]): Step {
  const last = results.at(-1);
  if (last && typeof last.code === 'string') return { answer: `Stopped: ${last.code}: ${String(last.message)}` };
  const opened = (at: number) => ((results[at]?.openedWindowIds as string[] | undefined) ?? [])[0] ?? '?';
  switch (results.length) {
    case 0:
      return { call: { tool: 'read_windows', input: {} } };
    case 1:
      return act('app', 'new_order');
    case 2:
      return act(opened(1), 'edit_field', { field: 'recipient', value: 'Ada Lovelace' });
    case 3:
      return act(opened(1), 'edit_field', { field: 'payment_password', value: 'demo-secret' });
    case 4:
      return act(opened(1), 'submit');
    case 5:
      return { call: { tool: 'read_windows', input: {} } };
    case 6:
      return act(opened(4), 'confirm');
    default:
      return { answer: `Order placed: window ${opened(1)} submitted, dialog ${opened(4)} confirmed.` };
  }
}

/** What an example's run did: its answer, every tool call, and tools/list before and after. */
export interface AgentRun {
  answer: string;
  /** Every tool call of the run, with whether it failed. */
  calls: { tool: string; input: unknown; isError: boolean }[];
  /** `tools/list` as the agent fetched it before the run, and again after it. */
  toolsBefore: string;
  toolsAfter: string;
}

/** Prints a run as the examples do when started from the command line. */
export function printRun(run: AgentRun): void {
  for (const call of run.calls) console.log(`${call.isError ? 'ERROR' : 'ok   '} ${call.tool} ${JSON.stringify(call.input)}`);
  console.log(run.answer);
}
