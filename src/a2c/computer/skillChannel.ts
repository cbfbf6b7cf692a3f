/**
 * The v0.2.1 SKILL channel and blob transfer for a Computer that stages no SKILLs and mints no
 * blob handles (a2c-smcp-protocol events.md "client:get_skills", "client:get_skill",
 * "client:get_blob"; error codes and payloads as python-sdk computer/socketio/client.py
 * `_skill_name_invalid`, `_skill_not_found`, `_blob_error`). The answers are the protocol's own,
 * so an agent that walks every Computer's SKILLs gets a valid empty list, not a timeout.
 */
import { A2C_ERRORS, type ErrorPayload } from '../protocol.js';
import { isValidSkillName } from '../schemas/skills.js';

/** `client:get_skills`: the installed SKILLs, none here. */
export function listSkills(reqId: string): { skills: never[]; req_id: string } {
  return { skills: [], req_id: reqId };
}

/** `client:get_skill`: a malformed name is 4016; a well-formed one is not installed, 4014 (reused). */
export function getSkill(name: string): ErrorPayload {
  if (!isValidSkillName(name)) return { code: A2C_ERRORS.skillNameInvalid, message: 'Invalid skill name', details: { name } };
  return { code: A2C_ERRORS.mcpServerNotFound, message: 'Skill not found', details: { name } };
}

/** `client:get_blob`: no handle was ever minted here, so every handle is `invalid_handle` (4018). */
export function getBlob(): ErrorPayload {
  return { code: A2C_ERRORS.blobNotAccessible, message: 'Blob not accessible', details: { reason: 'invalid_handle' } };
}
