/**
 * The OpenAI Agents SDK (`@openai/agents`) driving GUI Bridge in stable-tools mode. The model
 * is the SDK's own `Model` interface, scripted by ../scripted/orderTask.ts (no network, no API key,
 * tracing off): it opens an order window, edits it, submits it and confirms the dialog that
 * opens. With a real model, leave `model` out (the SDK's OpenAI default) and set OPENAI_API_KEY.
 *
 *   npm run build && npx tsx examples/openai-agents/agent.ts [http://127.0.0.1:3000/mcp]
 */
import {
  Agent,
  MCPServerStdio,
  MCPServerStreamableHttp,
  run,
  setTracingDisabled,
  Usage,
  type AgentInputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
} from '@openai/agents';
import { nextStep, printRun, resultObject, type AgentRun } from '../scripted/orderTask.js';
import { isMain, targetFromArgs, TASK, type ServerTarget } from '../scripted/server.js';

/** A `Model` that reads the function results in its input and answers with the next step. */
export class ScriptedModel implements Model {
  private calls = 0;

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const items: AgentInputItem[] = Array.isArray(request.input) ? request.input : [];
    const results = items.flatMap((item) => (item.type === 'function_call_result' ? [resultObject(item.output)] : []));
    const step = nextStep(results);
    const usage = new Usage();
    if ('answer' in step) {
      return { usage, output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: step.answer }] }] };
    }
    const callId = `call-${++this.calls}`;
    return { usage, output: [{ type: 'function_call', callId, name: step.call.tool, arguments: JSON.stringify(step.call.input), status: 'completed' }] };
  }

  // eslint-disable-next-line require-yield -- the examples run without streaming
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error('the scripted model does not stream');
  }
}

export async function runAgent(target: ServerTarget): Promise<AgentRun> {
  setTracingDisabled(true); // traces would go to OpenAI's API
  const server =
    'url' in target
      ? new MCPServerStreamableHttp({ url: target.url, name: 'gui-bridge', cacheToolsList: true })
      : new MCPServerStdio({ command: target.command, args: target.args, name: 'gui-bridge', cacheToolsList: true });
  await server.connect();
  try {
    // tools/list itself: the cache (which fixes the tools for the run) is emptied first.
    const listed = async () => {
      await server.invalidateToolsCache();
      return JSON.stringify(await server.listTools());
    };
    const toolsBefore = await listed();
    const model = new ScriptedModel();
    const agent = new Agent({ name: 'Orders clerk', instructions: 'Operate the Orders app.', model, mcpServers: [server] });
    const result = await run(agent, TASK, { maxTurns: 12 });
    const items = result.newItems.map((item) => item.rawItem as { type: string; callId?: string; name?: string; arguments?: string; output?: unknown });
    const failed = new Set(items.filter((i) => i.type === 'function_call_result' && typeof resultObject(i.output).code === 'string').map((i) => i.callId));
    const answered = new Set(items.filter((i) => i.type === 'function_call_result').map((i) => i.callId));
    const calls = items
      .filter((i) => i.type === 'function_call')
      .map((i) => ({ tool: i.name ?? '', input: JSON.parse(i.arguments ?? '{}') as unknown, isError: failed.has(i.callId) || !answered.has(i.callId) }));
    return { answer: String(result.finalOutput ?? ''), calls, toolsBefore, toolsAfter: await listed() };
  } finally {
    await server.close();
  }
}

if (isMain(import.meta.url)) printRun(await runAgent(targetFromArgs()));
