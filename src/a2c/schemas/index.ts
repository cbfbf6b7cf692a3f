/**
 * The official A2C-SMCP 0.2.x wire schemas, ported to zod. Every schema cites its source:
 *
 * SMCP_PY: A2C-SMCP/python-sdk `a2c_smcp/smcp.py`, the revision for protocol 0.2.1 — the 0.2.0
 * structures plus the 0.2.1 SKILL/blob additions, `ErrorCode` without 404 and
 * `ErrorPayload.mcp_server_name` (the later 0.3.0 revision renamed it `mcp_server` and added
 * `bundle_id`; a 0.2.x server does not speak that). The SDK declares TypedDicts and validates
 * them with pydantic `TypeAdapter`: required keys must be there, unknown keys are silently dropped
 * (`extra = "ignore"`), which zod's default `z.object` (strip) mirrors.
 *
 * SPEC: A2C-SMCP/a2c-smcp-protocol tag v0.2.3,
 * a2c-smcp-protocol/docs/specification/{events,data-structures,error-handling}.md. Where the
 * SPEC's events.md says "MCP standard Resource" and its data-structures.md says `A2CResource`, the
 * SDK follows data-structures.md, and so do we.
 *
 * Per `client:*` event, REPLY_SCHEMAS is the success shape the official Server validates a
 * Computer's reply against (python-sdk a2c_smcp/server/namespace.py `_relay_client_call`: a reply
 * that `is_protocol_error_payload` is validated as `ErrorPayload`, anything else as the event's
 * `*Ret` TypedDict; `client:tool_call` replies are relayed unvalidated as an MCP CallToolResult).
 */
import type { z } from 'zod';
import { GetComputerConfigRet } from './config.js';
import { GetDeskTopRet, GetResourcesRet } from './desktop.js';
import { CLIENT_EVENTS } from './events.js';
import { GetBlobRet, GetSkillRet, GetSkillsRet } from './skills.js';
import { GetToolsRet } from './tools.js';

export * from './base.js';
export * from './config.js';
export * from './desktop.js';
export * from './events.js';
export * from './skills.js';
export * from './tools.js';

export const REPLY_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  [CLIENT_EVENTS.getConfig]: GetComputerConfigRet,
  [CLIENT_EVENTS.getTools]: GetToolsRet,
  [CLIENT_EVENTS.getDesktop]: GetDeskTopRet,
  [CLIENT_EVENTS.getResources]: GetResourcesRet,
  [CLIENT_EVENTS.getSkills]: GetSkillsRet,
  [CLIENT_EVENTS.getSkill]: GetSkillRet,
  [CLIENT_EVENTS.getBlob]: GetBlobRet,
};
