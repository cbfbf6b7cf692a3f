import { z } from 'zod';
import { ERROR_CODES } from './errors.js';

/** A name-safe identifier (P-TOOL-4, §10.4). */
export const NAME_SAFE = /^[A-Za-z0-9_-]+$/;

const blockBase = {
  id: z.string().optional(),
  /** P-SENS-1: the server masks the block's value(s) before exposure. */
  sensitive: z.boolean().optional(),
};

export const TextBlockSchema = z.object({ type: z.literal('text'), ...blockBase, text: z.string() });
export const FieldItemSchema = z.object({
  label: z.string(),
  value: z.unknown(),
  sensitive: z.boolean().optional(),
});
export const FieldsBlockSchema = z.object({
  type: z.literal('fields'),
  ...blockBase,
  items: z.array(FieldItemSchema),
});
const pagingShape = {
  offset: z.number().int().nonnegative().optional(),
  total: z.number().int().nonnegative().optional(),
};
export const TableBlockSchema = z.object({
  type: z.literal('table'),
  ...blockBase,
  columns: z.array(z.string()),
  rows: z.array(z.array(z.unknown())),
  ...pagingShape,
});
export const ListBlockSchema = z.object({
  type: z.literal('list'),
  ...blockBase,
  items: z.array(z.unknown()),
  ordered: z.boolean().optional(),
  ...pagingShape,
});
export const SEVERITIES = ['info', 'warn', 'error', 'success'] as const;
export const NoticeBlockSchema = z.object({
  type: z.literal('notice'),
  ...blockBase,
  severity: z.enum(SEVERITIES),
  text: z.string(),
});
export const MediaBlockSchema = z.object({
  type: z.literal('media'),
  ...blockBase,
  mimeType: z.string(),
  // P-BLK-5: https://, file:// or data:<mime>;base64,…; D-7: http:// of this server's own media path.
  url: z.string().regex(/^(https?:\/\/|file:\/\/|data:[^;,]+;base64,)/),
  alt: z.string().optional(),
});
export const CustomBlockSchema = z.object({ type: z.literal('custom'), ...blockBase, payload: z.unknown() });

/** P-BLK-2: the seven core block types. */
export const BlockSchema = z.discriminatedUnion('type', [
  TextBlockSchema,
  FieldsBlockSchema,
  TableBlockSchema,
  ListBlockSchema,
  NoticeBlockSchema,
  MediaBlockSchema,
  CustomBlockSchema,
]);
export type Block = z.infer<typeof BlockSchema>;
export type BlockType = Block['type'];
export type FieldItem = z.infer<typeof FieldItemSchema>;
export type Severity = (typeof SEVERITIES)[number];

/** P-RES-4: one window of the snapshot. */
export const WindowSchema = z.object({
  id: z.string().regex(NAME_SAFE),
  title: z.string(),
  modal: z.boolean(),
  ownerId: z.string().regex(NAME_SAFE).nullable(),
  version: z.number().int().positive(),
  summary: z.string().optional(),
  blocks: z.array(BlockSchema),
});
export type ProtocolWindow = z.infer<typeof WindowSchema>;

/** P-RES-3: the whole `app://windows` snapshot. */
export const SnapshotSchema = z.object({
  operableWindowIds: z.array(z.string()),
  windows: z.array(WindowSchema),
});
export type Snapshot = z.infer<typeof SnapshotSchema>;

/** P-TOOL-7: a success result; no `ok` flag. */
export const ToolSuccessSchema = z.object({
  message: z.string().optional(),
  openedWindowIds: z.array(z.string()).optional(),
  result: z.record(z.string(), z.unknown()).optional(),
});
export type ToolSuccess = z.infer<typeof ToolSuccessSchema>;

/** P-TOOL-8 / §7.4: the error object carried in `structuredContent` of an `isError` result. */
export const ToolErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  currentVersion: z.number().int().optional(),
  fields: z.array(z.object({ field: z.string(), error: z.string() })).optional(),
});
export type ToolError = z.infer<typeof ToolErrorSchema>;
