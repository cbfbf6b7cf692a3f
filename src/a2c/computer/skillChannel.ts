/**
 * The v0.2.1 SKILL channel for a Computer that stages no SKILLs (a2c-smcp-protocol events.md
 * "client:get_skills", "client:get_skill"; error codes and payloads as python-sdk
 * computer/socketio/client.py `_skill_name_invalid`, `_skill_not_found`). The answers are the
 * protocol's own, so an agent that walks every Computer's SKILLs gets a valid empty list, not a
 * timeout.
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
