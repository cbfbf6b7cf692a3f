/**
 * `--read-tool`: `app__read_windows` returns exactly the `app://windows` snapshot, for
 * clients whose model can call tools but cannot read resources. Off by default: the protocol's
 * read path is the resource (P-RES-1).
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Bridge } from '../bridge/bridge.js';
import { APP_TOOL_PREFIX, toolName } from '../protocol/names.js';
import { ERROR_OUTPUT_SCHEMA } from '../translate/jsonSchema.js';

export const READ_TOOL_NAME = toolName(APP_TOOL_PREFIX, 'read_windows');

export const READ_TOOL: Tool = {
  name: READ_TOOL_NAME,
  title: 'Read all windows',
  description:
    'Returns the app://windows snapshot: every window with its summary, blocks and version, and operableWindowIds. Call it first and again after every change.',
  inputSchema: { type: 'object', properties: {} }, // as toInputJsonSchema(z.object({}))
  // D-1: success or a structured error (a refused call), like every other tool.
  outputSchema: {
    type: 'object',
    anyOf: [
      {
        type: 'object',
        properties: { operableWindowIds: { type: 'array', items: { type: 'string' } }, windows: { type: 'array' } },
        required: ['operableWindowIds', 'windows'],
      },
      ERROR_OUTPUT_SCHEMA,
    ],
  } as Tool['outputSchema'],
  annotations: { readOnlyHint: true, openWorldHint: false }, // as annotationsFor('read')
};

export function readWindowsResult(bridge: Bridge): CallToolResult {
  const json = bridge.snapshotJson(); // the very bytes app://windows returns
  return { content: [{ type: 'text', text: json }], structuredContent: JSON.parse(json) as Record<string, unknown> };
}
