/**
 * The tools a connection may see: the bridge's, plus the read tool, through the tool filter. Its
 * own module because both the hub (which announces a changed list) and each session (which
 * answers `tools/list`) need it, and the hub must not import the tool-call path that takes the hub.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Bridge } from '../bridge/bridge.js';
import { READ_TOOL } from './readTool.js';
import type { SessionOptions } from './sessionOptions.js';

/** What the list depends on: the hub's bridge and options (a SessionHub is one). */
export interface ToolListSource {
  readonly bridge: Bridge;
  readonly options: SessionOptions;
}

export function listedTools({ bridge, options }: ToolListSource): Tool[] {
  const { filter, readTool } = options;
  const tools = readTool ? [READ_TOOL, ...bridge.tools()] : bridge.tools();
  return filter ? tools.filter((t) => filter.allows(t)) : tools;
}
