/**
 * Desktop and resource discovery. Source (defined in index.ts): SMCP_PY (`GetDeskTopReq`, `GetDeskTopRet`,
 * `ResourceAnnotations`, `A2CResource`, `GetResourcesReq`, `GetResourcesRet`); SPEC
 * data-structures.md "Desktop 相关结构", "Resource 发现相关结构".
 */
import { z } from 'zod';
import { AgentCallData } from './base.js';

/** SMCP_PY `GetDeskTopReq` (total; `desktop_size`, `window` NotRequired). */
export const GetDeskTopReq = AgentCallData.extend({
  computer: z.string(),
  desktop_size: z.number().int().optional(),
  window: z.string().optional(),
});

/** SMCP_PY `GetDeskTopRet` (total=False); each desktop is `"{uri}\n\n{text}"` or `"{uri}"`. */
export const GetDeskTopRet = z.object({ desktops: z.array(z.string()).optional(), req_id: z.string().optional() });

/**
 * SMCP_PY `ResourceAnnotations` (total=False): the snake_case mirror of MCP's annotations.
 * MCP's camelCase `lastModified` is not a key here: the Server drops it.
 */
export const ResourceAnnotations = z.object({
  audience: z.array(z.enum(['user', 'assistant'])).optional(),
  priority: z.number().optional(),
  last_modified: z.string().optional(),
});

/**
 * SMCP_PY `A2CResource` (total=False): the snake_case mirror of an MCP Resource. MCP's
 * `mimeType`, `title` and `icons` are not keys here.
 */
export const A2CResource = z.object({
  uri: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  mime_type: z.string().optional(),
  size: z.number().int().optional(),
  annotations: ResourceAnnotations.optional(),
  _meta: z.record(z.string(), z.unknown()).optional(),
});
export type A2CResource = z.infer<typeof A2CResource>;

/** SMCP_PY `GetResourcesReq` (total; `cursor` NotRequired). */
export const GetResourcesReq = AgentCallData.extend({
  computer: z.string(),
  mcp_server: z.string(),
  cursor: z.string().optional(),
});

/** SMCP_PY `GetResourcesRet` (total=False). */
export const GetResourcesRet = z.object({
  resources: z.array(A2CResource).optional(),
  next_cursor: z.string().optional(),
  req_id: z.string().optional(),
});
