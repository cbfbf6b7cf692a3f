/**
 * Structures shared by many events. Source (defined in index.ts): SMCP_PY (`AgentCallData`, `EnterOfficeReq`,
 * `LeaveOfficeReq`, `UpdateComputerConfigReq`, `*Notification`, `ErrorPayload`); SPEC
 * data-structures.md "基础数据结构", "房间管理结构", error-handling.md "Flat ErrorPayload schema".
 * `TypedDict` → `z.object` (unknown keys dropped); `total=False` → every key optional.
 */
import { z } from 'zod';

const role = z.enum(['computer', 'agent']);

/** SMCP_PY `AgentCallData` (total). Also the payload of `server:`/`notify:tool_call_cancel`. */
export const AgentCallData = z.object({ agent: z.string(), req_id: z.string() });

/** SMCP_PY `EnterOfficeReq` (total): the `server:join_office` payload. */
export const EnterOfficeReq = z.object({ role, name: z.string(), office_id: z.string() });

/** SMCP_PY `LeaveOfficeReq` (total). */
export const LeaveOfficeReq = z.object({ office_id: z.string() });

/** SMCP_PY `UpdateComputerConfigReq` (total): `server:update_config|tool_list|desktop|skills`. */
export const UpdateComputerConfigReq = z.object({ computer: z.string() });

/** SMCP_PY `EnterOfficeNotification` / `LeaveOfficeNotification` (total=False). */
export const OfficeNotification = z.object({
  office_id: z.string().optional(),
  computer: z.string().nullable().optional(),
  agent: z.string().nullable().optional(),
});

/** SMCP_PY `UpdateMCPConfigNotification` / `UpdateToolListNotification` (total=False). */
export const ComputerNotification = z.object({ computer: z.string().optional() });

/**
 * SMCP_PY `ErrorPayload` (total=False, flat: no envelope). Code-specific keys at top level:
 * 4008 versions, 4014 `mcp_server_name`, 4015 `mcp_server_name` + `capability`; 4016–4018 put
 * theirs under `details`.
 */
export const ErrorPayload = z.object({
  code: z.number().int().optional(),
  message: z.string().optional(),
  server_version: z.string().optional(),
  client_version: z.string().optional(),
  min_supported: z.string().optional(),
  max_supported: z.string().optional(),
  mcp_server_name: z.string().optional(),
  capability: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorPayload = z.infer<typeof ErrorPayload>;
