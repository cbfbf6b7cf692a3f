/**
 * LangChain (`langchain` 1 createAgent with `@langchain/mcp-adapters` 1) driving GUI Bridge in
 * stable-tools mode. The adapters load the tools once and keep them until a new client is made;
 * here that is all the agent needs: read_windows and act never change, while the model (LangChain's
 * own fakeModel, scripted by ../scripted/orderTask.ts: no network) opens an order window, edits it,
 * submits it and confirms the dialog that opens. With a real model, pass `new ChatOpenAI(...)` or
 * any chat model instead.
 *
 *   npm run build && npx tsx examples/langchain/agent.ts [http://127.0.0.1:3000/mcp]
 */
import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { AIMessage, createAgent, fakeModel, ToolMessage, type BaseMessage } from 'langchain';
import { nextStep, printRun, resultObject, type AgentRun } from '../scripted/orderTask.js';
import { isMain, targetFromArgs, TASK, type ServerTarget } from '../scripted/server.js';

const MAX_STEPS = 12;

/** The scripted model: each turn reads the tool results so far and answers with the next step. */
export function scriptedModel() {
  const model = fakeModel();
  for (let turn = 0; turn < MAX_STEPS; turn++) {
    model.respond((messages: BaseMessage[]) => {
      const results = messages.filter(ToolMessage.isInstance).map((m) => resultObject(m.content));
      const step = nextStep(results);
      if ('answer' in step) return new AIMessage(step.answer);
      return new AIMessage({ content: '', tool_calls: [{ name: step.call.tool, args: step.call.input, id: `call-${turn}`, type: 'tool_call' }] });
    });
  }
  return model;
}

export async function runAgent(target: ServerTarget): Promise<AgentRun> {
  const server =
    'url' in target ? { transport: 'http' as const, url: target.url } : { transport: 'stdio' as const, command: target.command, args: target.args };
  const client = new MultiServerMCPClient({ mcpServers: { 'gui-bridge': server } });
  try {
    // tools/list itself, through the adapters' own MCP client (getTools answers from its cache).
    const listed = async () => JSON.stringify(await (await client.getClient('gui-bridge'))?.listTools());
    const toolsBefore = await listed();
    const agent = createAgent({ model: scriptedModel(), tools: await client.getTools() });
    const { messages } = await agent.invoke({ messages: [{ role: 'user', content: TASK }] }, { recursionLimit: 2 * MAX_STEPS + 2 });
    const outcomes = new Map(
      messages.filter(ToolMessage.isInstance).map((m) => [m.tool_call_id, m.status === 'error' || typeof resultObject(m.content).code === 'string']),
    );
    const calls = messages
      .filter(AIMessage.isInstance)
      .flatMap((m) => m.tool_calls ?? [])
      .map((c) => ({ tool: c.name, input: c.args, isError: outcomes.get(c.id ?? '') !== false }));
    const answer = String(messages.at(-1)?.content ?? '');
    return { answer, calls, toolsBefore, toolsAfter: await listed() };
  } finally {
    await client.close();
  }
}

if (isMain(import.meta.url)) printRun(await runAgent(targetFromArgs()));
