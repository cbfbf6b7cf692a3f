/**
 * The tools a connection may see: the bridge's, plus the read tool, through the tool filter. Its
 * own module because both the hub (which announces a changed list) and each session (which
 * answers `tools/list`) need it, and the hub must not import the tool-call path that takes the hub.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Bridge } from '../bridge/bridge.js';
import { READ_TOOL } from './readTool.js';
import type { SessionOptions } from './sessionOptions.js';
import { STABLE_TOOLS } from './stableTools.js';

/** What the list depends on: the hub's bridge and options (a SessionHub is one). */
export interface ToolListSource {
  readonly bridge: Bridge;
  readonly options: SessionOptions;
}

/** The tools this connection may see: with --stable-tools its two, else `protocolTools`. */
export function listedTools(source: ToolListSource): Tool[] {
  return source.options.stableTools ? [...STABLE_TOOLS] : protocolTools(source);
}

/** The protocol's tools a connection may call now: the bridge's, plus the read tool, through the filter. */
export function protocolTools({ bridge, options }: ToolListSource): Tool[] {
  const { filter, readTool } = options;
  const tools = readTool ? [READ_TOOL, ...bridge.tools()] : bridge.tools();
  return filter ? tools.filter((t) => filter.allows(t)) : tools;
}
