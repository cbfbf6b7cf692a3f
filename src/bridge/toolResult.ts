/** The one place that turns outcomes into MCP `CallToolResult`s (P-TOOL-7/8/10, §12.3). */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BridgeError } from '../protocol/errors.js';
import type { ToolError, ToolSuccess } from '../protocol/schemas.js';

export function successResult(success: ToolSuccess): CallToolResult {
  return {
    content: [{ type: 'text', text: success.message ?? 'Done.' }],
    structuredContent: success,
  };
}

export function errorResult(error: BridgeError): CallToolResult {
  const structured: ToolError = { code: error.code, message: error.message };
  if (error.extra.currentVersion !== undefined) structured.currentVersion = error.extra.currentVersion;
  if (error.extra.fields !== undefined) structured.fields = error.extra.fields;
  return {
    isError: true,
    content: [{ type: 'text', text: `${error.code}: ${error.message}` }],
    structuredContent: structured,
  };
}
