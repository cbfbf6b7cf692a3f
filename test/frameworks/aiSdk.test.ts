/**
 * The Vercel AI SDK (`ai` generateText with `@ai-sdk/mcp` tools, pinned dev dependencies) against
 * --stable-tools over Streamable HTTP: the tools are fetched before the run, step 2 opens an order
 * window, later steps operate it and the dialog it opens (examples/ai-sdk/agent.ts, scripted
 * MockLanguageModelV4). No AI_NoSuchToolError, every call succeeds, the order is placed, and
 * tools/list is byte-identical before and after.
 */
import { runAgent } from '../../examples/ai-sdk/agent.js';
import { testScriptedOrder } from './scriptedOrder.js';

testScriptedOrder('an AI SDK generateText loop operates windows opened during the run', runAgent);
