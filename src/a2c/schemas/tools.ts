/**
 * Tool structures. Source (defined in index.ts): SMCP_PY (`ToolCallReq`, `GetToolsReq`, `SMCPTool`, `GetToolsRet`,
 * `ToolMeta`) and python-sdk a2c_smcp/types.py (`Attributes`, OpenTelemetry style); SPEC
 * data-structures.md "工具相关结构", "CallToolResult 结果级 A2C 标记".
 * The `client:tool_call` reply is an MCP `CallToolResult` (validated with the MCP SDK's schema):
 * A2C markers go in the result-level `meta` (`a2c_cancelled`, `a2c_cancel_reason`, `a2c_timeout`).
 */
import { z } from 'zod';
import { AgentCallData } from './base.js';

/** SMCP_PY `ToolCallReq` (total); `timeout` in seconds. */
export const ToolCallReq = AgentCallData.extend({
  computer: z.string(),
  tool_name: z.string(),
  params: z.record(z.string(), z.unknown()),
  timeout: z.number().int(),
});

/** SMCP_PY `GetToolsReq` (total). */
export const GetToolsReq = AgentCallData.extend({ computer: z.string() });

/** types.py `AttributeValue`: str | bool | int | float | Sequence of one of them. No null. */
const AttributeValue = z.union([z.string(), z.boolean(), z.number(), z.array(z.string()), z.array(z.boolean()), z.array(z.number())]);

/** SMCP_PY `SMCPTool` (total; `meta` NotRequired, `Attributes | None`). */
export const SMCPTool = z.object({
  name: z.string(),
  description: z.string(),
  params_schema: z.record(z.string(), z.unknown()),
  return_schema: z.record(z.string(), z.unknown()).nullable(),
  meta: z.record(z.string(), AttributeValue).nullable().optional(),
});
export type SMCPTool = z.infer<typeof SMCPTool>;

/** SMCP_PY `GetToolsRet` (total). */
export const GetToolsRet = z.object({ tools: z.array(SMCPTool), req_id: z.string() });

/** SMCP_PY `ToolMeta` (total=False): the JSON value of `SMCPTool.meta.a2c_tool_meta`. */
export const ToolMeta = z.object({
  auto_apply: z.boolean().nullable().optional(),
  ret_object_mapper: z.record(z.string(), z.unknown()).nullable().optional(),
  alias: z.string().nullable().optional(),
  tags: z.array(z.string()).nullable().optional(),
});

/** SPEC data-structures.md: result-level markers of a cancelled or timed-out `client:tool_call`. */
export const CANCEL_MARKERS = { a2c_cancelled: true, a2c_cancel_reason: 'agent_requested' } as const;
