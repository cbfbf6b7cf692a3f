/**
 * The tool-call producer of blob transfer (a2c-smcp-protocol v0.2.3 blob-transfer.md §5 "生产者二";
 * events.md `client:tool_call`; python-sdk computer/socketio/client.py
 * `_mint_oversize_binary_content`): each binary content item of a `CallToolResult` — `data` of an
 * image or audio item, `resource.blob` of an embedded resource — whose decoded size exceeds the
 * inline budget is moved to the spool; the item keeps its place and `mimeType`, its inline bytes
 * become "", and its `_meta` gets `a2c_blob_handle`, `a2c_total_size`, `a2c_sha256`. Small items
 * stay inline, so a small screenshot costs no extra round trip; the result stays valid MCP.
 */
import { INLINE_BUDGET, TOO_LARGE_CAP, type BlobSpool } from './blobSpool.js';

type Item = Record<string, unknown>;

export function spoolLargeBinaries(result: Record<string, unknown>, spool: BlobSpool): Record<string, unknown> {
  const content = result.content;
  if (!Array.isArray(content)) return result;
  return { ...result, content: content.map((item: unknown) => (isObject(item) ? spoolItem(item, spool) : item)) };
}

function spoolItem(item: Item, spool: BlobSpool): Item {
  const resource = isObject(item.resource) ? item.resource : null;
  const inline = typeof item.data === 'string' ? item.data : typeof resource?.blob === 'string' ? resource.blob : null;
  if (inline === null || inline.length <= (INLINE_BUDGET * 4) / 3) return item; // base64 length bounds the bytes
  const bytes = Buffer.from(inline, 'base64');
  if (bytes.length <= INLINE_BUDGET || bytes.length > TOO_LARGE_CAP) return item;
  if (item._meta !== undefined && item._meta !== null && !isObject(item._meta)) return item;
  const mime = String((typeof item.data === 'string' ? item.mimeType : resource?.mimeType) ?? 'application/octet-stream');
  const { handle, sha256 } = spool.mint(bytes, mime);
  const meta = { ...(isObject(item._meta) ? item._meta : {}), a2c_blob_handle: handle, a2c_total_size: bytes.length, a2c_sha256: sha256 };
  if (typeof item.data === 'string') return { ...item, data: '', _meta: meta };
  return { ...item, resource: { ...resource, blob: '' }, _meta: meta };
}

function isObject(value: unknown): value is Item {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
