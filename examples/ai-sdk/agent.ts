/**
 * Vercel AI SDK (`ai` 7, `@ai-sdk/mcp` 2) driving GUI Bridge in stable-tools mode. The tools are
 * fetched once, before the run, as every AI SDK agent does; the model (the SDK's own
 * MockLanguageModelV4, scripted by ../scripted/orderTask.ts: no network) opens an order window in
 * step 2, edits it, submits it and confirms the dialog that opens: windows that did not exist when
 * the tools were fetched. With a real model, pass `openai('gpt-5')` or any provider instead.
 *
 *   npm run build && npx tsx examples/ai-sdk/agent.ts [http://127.0.0.1:3000/mcp]
 */
import { createMCPClient, type MCPTransport } from '@ai-sdk/mcp';
import { StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { generateText, stepCountIs, type LanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { nextStep, printRun, resultObject, type AgentRun } from '../scripted/orderTask.js';
import { isMain, targetFromArgs, TASK, type ServerTarget } from '../scripted/server.js';

/** The scripted model: reads the tool results in its prompt and answers with the next step. */
export function scriptedModel(): LanguageModel {
  let calls = 0;
  return new MockLanguageModelV4({
    doGenerate: async ({ prompt }) => {
      const results = prompt.flatMap((message) =>
        message.role === 'tool' ? message.content.flatMap((part) => (part.type === 'tool-result' ? [resultObject(part.output)] : [])) : [],
      );
      const step = nextStep(results);
      const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
      if ('answer' in step) return { content: [{ type: 'text', text: step.answer }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
      const call = { type: 'tool-call' as const, toolCallId: `call-${++calls}`, toolName: step.call.tool, input: JSON.stringify(step.call.input) };
      return { content: [call], finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage, warnings: [] };
    },
  });
}

export async function runAgent(target: ServerTarget, model: LanguageModel = scriptedModel()): Promise<AgentRun> {
  const transport: MCPTransport | { type: 'http'; url: string } =
    'url' in target ? { type: 'http', url: target.url } : new StdioMCPTransport({ command: target.command, args: target.args, stderr: 'ignore' });
  const client = await createMCPClient({ transport });
  try {
    const toolsBefore = JSON.stringify(await client.listTools());
    const tools = await client.tools(); // fixed for the whole run
    const result = await generateText({ model, tools, prompt: TASK, stopWhen: stepCountIs(12) });
    const calls = result.steps.flatMap((step) =>
      step.toolResults.map((r) => ({ tool: r.toolName, input: r.input, isError: (r.output as { isError?: boolean }).isError === true })),
    );
    for (const step of result.steps)
      for (const error of step.content.filter((c) => c.type === 'tool-error')) calls.push({ tool: error.toolName, input: error.input, isError: true });
    return { answer: result.text, calls, toolsBefore, toolsAfter: JSON.stringify(await client.listTools()) };
  } finally {
    await client.close();
  }
}

if (isMain(import.meta.url)) printRun(await runAgent(targetFromArgs()));
