/**
 * The OpenAI Agents SDK (`@openai/agents` run with an MCP server, pinned dev dependency) against
 * --stable-tools over Streamable HTTP, its tools list cached for the run: step 2 opens an order
 * window, later steps operate it and the dialog it opens (examples/openai-agents/agent.ts,
 * scripted through the SDK's Model interface). Every call succeeds, the order is placed, and
 * tools/list is byte-identical before and after.
 */
import { runAgent } from '../../examples/openai-agents/agent.js';
import { testScriptedOrder } from './scriptedOrder.js';

testScriptedOrder('an OpenAI Agents SDK agent operates windows opened during the run', runAgent);
