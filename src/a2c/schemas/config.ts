/**
 * `client:get_config`. Source (defined in index.ts): SMCP_PY (`GetComputerConfigReq`, `GetComputerConfigRet`,
 * `BaseMCPServerConfig`, `MCPServer{Stdio,StreamableHttp}Config`, `MCPSSEConfig`,
 * `MCPServerInput*`, `ToolMeta`); SPEC data-structures.md "配置相关结构", "MCP Server 配置结构",
 * "输入配置结构". The `servers` keys are the names an agent passes as `mcp_server`.
 */
import { z } from 'zod';
import { AgentCallData } from './base.js';
import { ToolMeta } from './tools.js';

/** SMCP_PY `GetComputerConfigReq` (total). */
export const GetComputerConfigReq = AgentCallData.extend({ computer: z.string() });

/** SMCP_PY `BaseMCPServerConfig` (total; `default_tool_meta`, `vrl` NotRequired). */
const base = {
  name: z.string(),
  disabled: z.boolean(),
  forbidden_tools: z.array(z.string()),
  tool_meta: z.record(z.string(), ToolMeta),
  default_tool_meta: ToolMeta.nullable().optional(),
  vrl: z.string().nullable().optional(),
};

/** SMCP_PY `MCPServerStdioParameters` (total). */
export const MCPServerStdioParameters = z.object({
  command: z.string(),
  args: z.array(z.string()),
  env: z.record(z.string(), z.string()).nullable(),
  cwd: z.string().nullable(),
  encoding: z.string(),
  encoding_error_handler: z.enum(['strict', 'ignore', 'replace']),
});

/** SMCP_PY `MCPServerStdioConfig`. */
export const MCPServerStdioConfig = z.object({ ...base, type: z.literal('stdio'), server_parameters: MCPServerStdioParameters });

/** SMCP_PY `MCPServerStreamableHttpConfig`: timeouts are ISO 8601 duration strings. */
export const MCPServerStreamableHttpConfig = z.object({
  ...base,
  type: z.literal('streamable'),
  server_parameters: z.object({
    url: z.string(),
    headers: z.record(z.string(), z.unknown()).nullable(),
    timeout: z.string(),
    sse_read_timeout: z.string(),
    terminate_on_close: z.boolean(),
  }),
});

/** SMCP_PY `MCPSSEConfig`: timeouts are seconds. */
export const MCPSSEConfig = z.object({
  ...base,
  type: z.literal('sse'),
  server_parameters: z.object({
    url: z.string(),
    headers: z.record(z.string(), z.unknown()).nullable(),
    timeout: z.number(),
    sse_read_timeout: z.number(),
  }),
});

/** SMCP_PY `MCPServerConfig`. */
export const MCPServerConfig = z.discriminatedUnion('type', [MCPServerStdioConfig, MCPServerStreamableHttpConfig, MCPSSEConfig]);
export type MCPServerConfig = z.infer<typeof MCPServerConfig>;

const inputBase = { id: z.string(), description: z.string() };

/** SMCP_PY `MCPServerInput` = promptString | pickString | command. */
export const MCPServerInput = z.discriminatedUnion('type', [
  z.object({ ...inputBase, type: z.literal('promptString'), default: z.string().nullable().optional(), password: z.boolean().nullable().optional() }),
  z.object({ ...inputBase, type: z.literal('pickString'), options: z.array(z.string()), default: z.string().nullable().optional() }),
  z.object({ ...inputBase, type: z.literal('command'), command: z.string(), args: z.record(z.string(), z.string()).nullable().optional() }),
]);

/** SMCP_PY `GetComputerConfigRet` (total; `inputs` NotRequired). */
export const GetComputerConfigRet = z.object({
  inputs: z.array(MCPServerInput).nullable().optional(),
  servers: z.record(z.string(), MCPServerConfig),
});
export type GetComputerConfigRet = z.infer<typeof GetComputerConfigRet>;
