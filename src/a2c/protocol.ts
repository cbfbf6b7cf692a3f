/**
 * A2C-SMCP v0.2 wire vocabulary used by the Computer connector: namespace, events, error codes and
 * the request payloads it accepts (zod at the boundary). Names follow a2c-smcp-protocol
 * docs/specification/events.md and data-structures.md and python-sdk a2c_smcp/smcp.py; codes follow
 * error-handling.md and the seed §4.3.
 */
import { z } from 'zod';

export const A2C_PROTOCOL_VERSION = '0.2.0';
export const SMCP_NAMESPACE = '/smcp';
/** URL query key carrying the protocol version (seed §4.4, V1). */
export const VERSION_QUERY_KEY = 'a2c_version';
/** Redundant diagnostic header of a 4008 rejection (error-handling.md "HTTP 响应规范"). */
export const ERROR_CODE_HEADER = 'x-a2c-error-code';

export const EVENTS = {
  toolCall: 'client:tool_call',
  getConfig: 'client:get_config',
  getTools: 'client:get_tools',
  getDesktop: 'client:get_desktop',
  getResources: 'client:get_resources',
  joinOffice: 'server:join_office',
  leaveOffice: 'server:leave_office',
  updateToolList: 'server:update_tool_list',
  updateDesktop: 'server:update_desktop',
} as const;

export const A2C_ERRORS = {
  badRequest: 400,
  notFound: 404,
  toolNotFound: 4001,
  toolExecutionFailed: 4003,
  toolTimeout: 4004,
  versionMismatch: 4008,
  mcpServerNotFound: 4014,
  mcpCapabilityNotSupported: 4015,
} as const;

/** Flat ErrorPayload: `code` + `message` at top level, code-specific fields beside them. */
export interface ErrorPayload {
  code: number;
  message: string;
  [field: string]: unknown;
}

// Optional fields are nullish: Python senders may write None (JSON null) for "not given".
const agentCall = { agent: z.string().optional(), req_id: z.string(), computer: z.string() };

export const ToolCallReqSchema = z.object({
  ...agentCall,
  tool_name: z.string().min(1),
  params: z.record(z.string(), z.unknown()).default({}),
  /** Seconds (data-structures.md ToolCallReq). */
  timeout: z.number().positive().nullish(),
});
export type ToolCallReq = z.infer<typeof ToolCallReqSchema>;

export const GetToolsReqSchema = z.object(agentCall);

export const GetDesktopReqSchema = z.object({
  ...agentCall,
  desktop_size: z.number().int().nullish(),
  window: z.string().nullish(),
});

export const GetResourcesReqSchema = z.object({
  ...agentCall,
  mcp_server: z.string(),
  cursor: z.string().nullish(),
});

/** The body of a 4008 rejection (error-handling.md "协议版本不匹配（4008）"). */
export const VersionMismatchBodySchema = z.object({
  code: z.literal(A2C_ERRORS.versionMismatch),
  message: z.string().optional(),
  server_version: z.string().optional(),
  client_version: z.string().optional(),
  min_supported: z.string().optional(),
  max_supported: z.string().optional(),
});
export type VersionMismatchBody = z.infer<typeof VersionMismatchBodySchema>;

/** The result of `client:get_tools` entries (data-structures.md SMCPTool). */
export interface SmcpTool {
  name: string;
  description: string;
  params_schema: Record<string, unknown>;
  return_schema: Record<string, unknown> | null;
  meta: Record<string, string | number | boolean | null>;
}
