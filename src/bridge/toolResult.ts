/** The one place that turns outcomes into MCP `CallToolResult`s (P-TOOL-7/8/10, §12.3). */
import type { CallToolResult, ImageContent } from '@modelcontextprotocol/sdk/types.js';
import { BridgeError } from '../protocol/errors.js';
import type { ToolError, ToolSuccess } from '../protocol/schemas.js';

/**
 * P-TOOL-10 + MCP spec ("a tool that returns structured content SHOULD also return the
 * serialized JSON in a TextContent block"): the text item is the compact JSON of
 * structuredContent, so clients that show only text still give the model every field.
 */
export function textOf(structured: object): string {
  return JSON.stringify(structured);
}

export function successResult(success: ToolSuccess, images: ImageContent[] = []): CallToolResult {
  return {
    content: [{ type: 'text', text: textOf(success) }, ...images],
    structuredContent: success,
  };
}

export function errorResult(error: BridgeError): CallToolResult {
  const structured: ToolError = { code: error.code, message: error.message };
  if (error.extra.currentVersion !== undefined) structured.currentVersion = error.extra.currentVersion;
  if (error.extra.fields !== undefined) structured.fields = error.extra.fields;
  return {
    isError: true,
    content: [{ type: 'text', text: textOf(structured) }],
    structuredContent: structured,
  };
}
