/**
 * Shapes the Computer puts on the wire: SMCPTool entries for `client:get_tools`
 * (a2c-smcp-protocol data-structures.md "SMCPTool", "SMCPTool.meta 序列化规范"), `A2CResource`
 * entries for `client:get_resources`, and the `CallToolResult` of a failed or cancelled
 * `client:tool_call`. Checked against the official schemas in src/a2c/schemas.
 */
import type { Resource, Tool } from '@modelcontextprotocol/sdk/types.js';
import { A2C_ERRORS, type SmcpTool } from '../protocol.js';
import type { A2CResource } from '../schemas/desktop.js';
import { CANCEL_MARKERS } from '../schemas/tools.js';

type AttributeValue = string | number | boolean;

/**
 * MCP tool → SMCPTool. `meta` holds only simple attribute values (python-sdk types.py
 * `AttributeValue` has no null): anything else, null included, is a JSON string, and the MCP
 * annotations travel as the JSON string `MCP_TOOL_ANNOTATION`.
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
  return ['string', 'number', 'boolean'].includes(typeof value);
}

/**
 * MCP Resource → `A2CResource`, key for key as python-sdk computer/socketio/client.py
 * `_to_a2c_resource` does: camelCase → snake_case (`mimeType` → `mime_type`,
 * `annotations.lastModified` → `annotations.last_modified`), `title` and `icons` left out,
 * `name` always, the other keys only when present. No filtering by scheme or content.
 */
export function toA2cResource(resource: Resource): A2CResource {
  const a2c: A2CResource = { uri: resource.uri, name: resource.name };
  if (resource.description != null) a2c.description = resource.description;
  if (resource.mimeType != null) a2c.mime_type = resource.mimeType;
  if (resource.size != null) a2c.size = resource.size;
  const annotations = resource.annotations;
  if (annotations) {
    const out: NonNullable<A2CResource['annotations']> = {};
    if (annotations.audience != null) out.audience = [...annotations.audience];
    if (annotations.priority != null) out.priority = annotations.priority;
    if (annotations.lastModified != null) out.last_modified = annotations.lastModified;
    if (Object.keys(out).length > 0) a2c.annotations = out;
  }
  if (resource._meta != null) a2c._meta = resource._meta;
  return a2c;
}

/**
 * The answer to a `client:tool_call` interrupted by `notify:tool_call_cancel` (a2c-smcp-protocol
 * data-structures.md "CallToolResult 结果级 A2C 标记"): an error result marked
 * `meta.a2c_cancelled`, with no error code (error-handling.md "取消语义": 4004 is for timeouts).
 */
export function cancelledResult(): Record<string, unknown> {
  return { content: [{ type: 'text', text: 'Tool call cancelled' }], isError: true, meta: { ...CANCEL_MARKERS } };
}

export type A2cToolErrorCode = typeof A2C_ERRORS.toolNotFound | typeof A2C_ERRORS.toolExecutionFailed | typeof A2C_ERRORS.toolTimeout;

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
