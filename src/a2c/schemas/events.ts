/**
 * Event names and protocol error codes of A2C-SMCP 0.2.x.
 * Source (defined in index.ts): SMCP_PY (event constants, `ErrorCode`, `is_protocol_error_payload`); SPEC events.md
 * "完整事件列表", error-handling.md "错误码定义".
 */

/** Agent → Server → one Computer; answered by Socket.IO ack. A Computer MUST answer all of them. */
export const CLIENT_EVENTS = {
  toolCall: 'client:tool_call',
  getConfig: 'client:get_config',
  getTools: 'client:get_tools',
  getDesktop: 'client:get_desktop',
  /** v0.2.0 */
  getResources: 'client:get_resources',
  /** v0.2.1 */
  getSkills: 'client:get_skills',
  /** v0.2.1 */
  getSkill: 'client:get_skill',
  /** v0.2.1 */
  getBlob: 'client:get_blob',
} as const;

/** Handled by the Server. `tool_call_cancel` and `list_room` are the Agent's. */
export const SERVER_EVENTS = {
  joinOffice: 'server:join_office',
  leaveOffice: 'server:leave_office',
  updateConfig: 'server:update_config',
  updateToolList: 'server:update_tool_list',
  /** v0.2.0 */
  updateDesktop: 'server:update_desktop',
  /** v0.2.1 */
  updateSkills: 'server:update_skills',
  toolCallCancel: 'server:tool_call_cancel',
  listRoom: 'server:list_room',
} as const;

/** Broadcast by the Server, never acked. */
export const NOTIFY_EVENTS = {
  toolCallCancel: 'notify:tool_call_cancel',
  enterOffice: 'notify:enter_office',
  leaveOffice: 'notify:leave_office',
  updateConfig: 'notify:update_config',
  updateToolList: 'notify:update_tool_list',
  updateDesktop: 'notify:update_desktop',
  updateSkills: 'notify:update_skills',
} as const;

/**
 * `ErrorCode` of SMCP_PY. A reply whose top-level `code` is one of these is passed through by the
 * Server as a flat ErrorPayload; any other reply is validated as the event's success shape.
 * (Generic codes 400/404/500 are NOT in this set in 0.2.x: the Server treats such a reply as a
 * success shape, which fails or is emptied by validation.)
 */
export const PROTOCOL_ERROR_CODES = {
  toolAuthorizationRequired: 4006,
  toolAuthorizationFailed: 4007,
  protocolVersionMismatch: 4008,
  mcpServerNotFound: 4014,
  mcpCapabilityNotSupported: 4015,
  skillNameInvalid: 4016,
  skillResourceNotAccessible: 4017,
  blobNotAccessible: 4018,
} as const;

const ERROR_CODE_VALUES = new Set<number>(Object.values(PROTOCOL_ERROR_CODES));

/** SMCP_PY `is_protocol_error_payload`: a dict whose top-level `code` is a protocol error code. */
export function isProtocolErrorPayload(data: unknown): boolean {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const code = (data as { code?: unknown }).code;
  return typeof code === 'number' && ERROR_CODE_VALUES.has(code);
}
