/**
 * What `client:get_config` says about a hosted MCP server: a `MCPServerConfig` (a2c-smcp-protocol
 * data-structures.md "MCP Server 配置结构"; python-sdk smcp.py). The official Computer reports the
 * configuration it started each server from, with placeholders unresolved and no secrets
 * (security.md "零凭证传播"). Ours reports how each server is reached or would be started:
 * environment and headers are never reported (null), so no token or variable leaves the process.
 */
import type { MCPServerConfig } from '../schemas/config.js';

/** How a hosted server is started or reached. */
export type ServerLaunch =
  { type: 'stdio'; command: string; args: string[]; cwd?: string } | { type: 'streamable'; url: string } | { type: 'sse'; url: string };

/** The defaults of the MCP Python client, which the official Computer's configs carry. */
const STREAMABLE_TIMEOUT = 'PT30S';
const STREAMABLE_SSE_READ_TIMEOUT = 'PT5M';
const SSE_TIMEOUT_S = 5;
const SSE_READ_TIMEOUT_S = 300;

export function toServerConfig(name: string, launch: ServerLaunch): MCPServerConfig {
  // Nothing is disabled or forbidden and no tool has A2C metadata: the bridge publishes exactly
  // the tools it can run now (P-TOOL-1), so there is nothing to hide from the agent.
  const base = { name, disabled: false, forbidden_tools: [], tool_meta: {}, default_tool_meta: null, vrl: null };
  switch (launch.type) {
    case 'stdio':
      return {
        ...base,
        type: 'stdio',
        server_parameters: {
          command: launch.command,
          args: launch.args,
          env: null,
          cwd: launch.cwd ?? null,
          encoding: 'utf-8',
          encoding_error_handler: 'strict',
        },
      };
    case 'streamable':
      return {
        ...base,
        type: 'streamable',
        server_parameters: {
          url: launch.url,
          headers: null,
          timeout: STREAMABLE_TIMEOUT,
          sse_read_timeout: STREAMABLE_SSE_READ_TIMEOUT,
          terminate_on_close: true,
        },
      };
    case 'sse':
      return { ...base, type: 'sse', server_parameters: { url: launch.url, headers: null, timeout: SSE_TIMEOUT_S, sse_read_timeout: SSE_READ_TIMEOUT_S } };
  }
}
