/**
 * Shapes the Computer puts on the wire: SMCPTool entries for `client:get_tools`
 * (a2c-smcp-protocol data-structures.md "SMCPTool", "SMCPTool.meta 序列化规范") and the
 * `CallToolResult` of a failed `client:tool_call`.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { A2C_ERRORS, type SmcpTool } from '../protocol.js';

type AttributeValue = string | number | boolean | null;

/**
 * MCP tool → SMCPTool. `meta` holds only simple attribute values: anything else is a JSON string,
 * and the MCP annotations travel as the JSON string `MCP_TOOL_ANNOTATION`.
 */
export function toSmcpTool(tool: Tool): SmcpTool {
  const meta: Record<string, AttributeValue> = {};
  for (const [key, value] of Object.entries(tool._meta ?? {})) meta[key] = isAttribute(value) ? value : JSON.stringify(value);
  if (tool.annotations) meta.MCP_TOOL_ANNOTATION = JSON.stringify(tool.annotations);
  return {
    name: tool.name,
    description: tool.description ?? tool.title ?? '',
    params_schema: tool.inputSchema,
    return_schema: tool.outputSchema ?? null,
    meta,
  };
}

function isAttribute(value: unknown): value is AttributeValue {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

export type A2cToolErrorCode =
  | typeof A2C_ERRORS.toolNotFound
  | typeof A2C_ERRORS.toolExecutionFailed
  | typeof A2C_ERRORS.toolTimeout;

/**
 * A failed call as an MCP `CallToolResult` (`isError: true`), the code in the result-level `meta`
 * like 4006/4007 (a2c-smcp-protocol error-handling.md "授权失败的响应结构"): 4001 lookup failure
 * before the call, 4003 execution failure, 4004 timeout (seed §4.3, E1). Timeouts also carry
 * `a2c_timeout: true`, the marker Agent SDKs read.
 */
export function toolErrorResult(code: A2cToolErrorCode, message: string, server?: string): Record<string, unknown> {
  const meta: Record<string, unknown> = { error_code: code, ...(server ? { mcp_server: server } : {}) };
  if (code === A2C_ERRORS.toolTimeout) meta.a2c_timeout = true;
  return { content: [{ type: 'text', text: message }], isError: true, meta };
}
