/**
 * The v0.2.1 SKILL channel and generic blob transfer. Source (defined in index.ts): SMCP_PY (`A2CSkillRef`,
 * `GetSkills{Req,Ret}`, `GetSkill{Req,Ret}`, `GetBlob{Req,Ret}`); SPEC events.md
 * "client:get_skills", "client:get_skill", "client:get_blob", skill.md §1.4 (name lexer),
 * error-handling.md §4014 (reused), §4016, §4018.
 */
import { z } from 'zod';
import { AgentCallData } from './base.js';

/** SMCP_PY `A2CSkillRef` (total=False in the 0.2.1 revision). */
export const A2CSkillRef = z.object({
  name: z.string().optional(),
  source: z.string().optional(),
  uri: z.string().optional(),
  path: z.string().optional(),
  description: z.string().optional(),
  license: z.string().optional(),
  compatibility: z.string().optional(),
  allowed_tools: z.array(z.string()).optional(),
  version: z.string().optional(),
  skill_metadata: z.record(z.string(), z.unknown()).optional(),
});

/** SMCP_PY `GetSkillsReq` (total). */
export const GetSkillsReq = AgentCallData.extend({ computer: z.string() });

/** SMCP_PY `GetSkillsRet` (total=False). */
export const GetSkillsRet = z.object({ skills: z.array(A2CSkillRef).optional(), req_id: z.string().optional() });

/** SMCP_PY `GetSkillReq` (total; `rel_path` NotRequired, default "SKILL.md"). */
export const GetSkillReq = AgentCallData.extend({ computer: z.string(), name: z.string(), rel_path: z.string().optional() });

/** SMCP_PY `GetSkillRet` (total=False; exactly one of `body` / `blob_handle`). */
export const GetSkillRet = z.object({
  name: z.string().optional(),
  rel_path: z.string().optional(),
  mime_type: z.string().optional(),
  total_size: z.number().int().optional(),
  sha256: z.string().optional(),
  body: z.string().optional(),
  blob_handle: z.string().optional(),
  req_id: z.string().optional(),
});

/** SMCP_PY `GetBlobReq` (total; offsets NotRequired). */
export const GetBlobReq = AgentCallData.extend({
  computer: z.string(),
  blob_handle: z.string(),
  chunk_offset: z.number().int().optional(),
  max_chunk_bytes: z.number().int().optional(),
});

/** SMCP_PY `GetBlobRet` (total=False). */
export const GetBlobRet = z.object({
  blob_handle: z.string().optional(),
  mime_type: z.string().optional(),
  total_size: z.number().int().optional(),
  sha256: z.string().optional(),
  chunk_offset: z.number().int().optional(),
  eof: z.boolean().optional(),
  blob: z.string().optional(),
  req_id: z.string().optional(),
});

const KEBAB = /^(?!-)(?!.*--)[a-z0-9-]{1,64}(?<!-)$/;
const SERVER_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

/** SPEC skill.md §1.4: `<skill>` | `<plugin>:<skill>` | `mcp:<server>:<skill>`; else 4016. */
export function isValidSkillName(name: string): boolean {
  const parts = name.split(':');
  if (parts.length === 1) return KEBAB.test(name);
  if (parts.length === 2) return parts.every((p) => KEBAB.test(p));
  if (parts.length === 3) return parts[0] === 'mcp' && SERVER_SEGMENT.test(parts[1] as string) && KEBAB.test(parts[2] as string);
  return false;
}
