/**
 * A2C-SMCP v0.2 wire vocabulary used by the Computer connector: namespace, events, error codes and
 * the request payloads it accepts (zod at the boundary). Names follow
 * a2c-smcp-protocol/docs/specification/events.md and data-structures.md and python-sdk a2c_smcp/smcp.py; codes follow
 * error-handling.md and the seed §4.3.
 */
import { z } from 'zod';
import { CLIENT_EVENTS, NOTIFY_EVENTS, PROTOCOL_ERROR_CODES, SERVER_EVENTS } from './schemas/events.js';

export const A2C_PROTOCOL_VERSION = '0.2.0';
export const SMCP_NAMESPACE = '/smcp';
/** URL query key carrying the protocol version (seed §4.4, V1). */
export const VERSION_QUERY_KEY = 'a2c_version';
/** Redundant diagnostic header of a 4008 rejection (error-handling.md "HTTP 响应规范"). */
export const ERROR_CODE_HEADER = 'x-a2c-error-code';

/** The events the Computer answers, emits or listens to (names: schemas/events.ts). */
export const EVENTS = {
  ...CLIENT_EVENTS,
  joinOffice: SERVER_EVENTS.joinOffice,
  leaveOffice: SERVER_EVENTS.leaveOffice,
  updateConfig: SERVER_EVENTS.updateConfig,
  updateToolList: SERVER_EVENTS.updateToolList,
  updateDesktop: SERVER_EVENTS.updateDesktop,
  toolCallCancel: NOTIFY_EVENTS.toolCallCancel,
} as const;

/**
 * Codes the Computer uses: the protocol's ErrorPayload codes (schemas/events.ts), the generic
 * 400/404/500, and the tool-call codes carried in `CallToolResult.meta.error_code`.
 */
export const A2C_ERRORS = {
  badRequest: 400,
  notFound: 404,
  toolNotFound: 4001,
  toolExecutionFailed: 4003,
  toolTimeout: 4004,
  versionMismatch: PROTOCOL_ERROR_CODES.protocolVersionMismatch,
  mcpServerNotFound: PROTOCOL_ERROR_CODES.mcpServerNotFound,
  mcpCapabilityNotSupported: PROTOCOL_ERROR_CODES.mcpCapabilityNotSupported,
  skillNameInvalid: PROTOCOL_ERROR_CODES.skillNameInvalid,
  blobNotAccessible: PROTOCOL_ERROR_CODES.blobNotAccessible,
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

export const GetConfigReqSchema = z.object(agentCall);
export const GetSkillsReqSchema = z.object(agentCall);
export const GetSkillReqSchema = z.object({ ...agentCall, name: z.string(), rel_path: z.string().nullish() });
export const GetBlobReqSchema = z.object({
  ...agentCall,
  blob_handle: z.string(),
  chunk_offset: z.number().int().nullish(),
  max_chunk_bytes: z.number().int().nullish(),
});

/** `notify:tool_call_cancel` (AgentCallData): `req_id` is the cancelled `client:tool_call`'s. */
export const ToolCallCancelSchema = z.object({ agent: z.string().optional(), req_id: z.string().min(1) });

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
  meta: Record<string, string | number | boolean>;
}
