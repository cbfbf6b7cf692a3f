/**
 * LangChain (`langchain` createAgent with `@langchain/mcp-adapters` tools, pinned dev dependencies)
 * against --stable-tools over Streamable HTTP: tools loaded once before the run, step 2 opens an
 * order window, later steps operate it and the dialog it opens (examples/langchain/agent.ts,
 * scripted with LangChain's fakeModel). Every call succeeds, the order is placed, and tools/list
 * is byte-identical before and after.
 */
import { runAgent } from '../../examples/langchain/agent.js';
import { testScriptedOrder } from './scriptedOrder.js';

testScriptedOrder('a LangChain agent operates windows opened during the run', runAgent);
