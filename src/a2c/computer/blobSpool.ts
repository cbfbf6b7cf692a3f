/**
 * The bytes behind `blob_handle`s (a2c-smcp-protocol v0.2.3 blob-transfer.md; python-sdk
 * computer/blob/thresholds.py for the sizes): large binary items of tool results are kept here,
 * content-addressed, and pulled by the agent in chunks with `client:get_blob`.
 * - A handle names content, not a path: it resolves only into this spool, never to a file, so it
 *   grants nothing beyond the tool result that minted it (blob-transfer.md §1 "非任意文件读").
 *   It is keyed with a per-process secret, so knowing (or guessing) content does not give its handle.
 * - Stateless reads (§2): any offset, any order, repeatable; no session, no TTL. Memory is
 *   bounded: past `maxBytes` the oldest blobs are dropped and their handles answer 4018 `gone`.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { A2C_ERRORS, type ErrorPayload } from '../protocol.js';

/** Binary items larger than this (decoded bytes) leave the tool result for the spool. */
export const INLINE_BUDGET = 32 * 1024;
/** Raw bytes per chunk: base64 (+33 %) and envelope stay well under a 1 MiB Server buffer. */
export const CHUNK_MAX_BYTES = 256 * 1024;
/** Larger items are not spooled (python-sdk `too_large_cap`): they stay inline, as the SDK does. */
export const TOO_LARGE_CAP = 100 * 1024 * 1024;
const HANDLE_PREFIX = 'gb1:';

export interface BlobChunk {
  blob_handle: string;
  mime_type: string;
  total_size: number;
  sha256: string;
  chunk_offset: number;
  eof: boolean;
  blob: string;
  req_id: string;
}

interface Entry {
  bytes: Buffer;
  mime: string;
  sha256: string;
}

export class BlobSpool {
  private readonly entries = new Map<string, Entry>();
  private size = 0;
  private readonly key = randomBytes(32);

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /** Keeps `bytes` and returns its handle and digest; the same content gets the same handle. */
  mint(bytes: Buffer, mime: string): { handle: string; sha256: string } {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const handle = `${HANDLE_PREFIX}${createHmac('sha256', this.key).update(sha256).digest('hex')}`;
    const known = this.entries.get(handle);
    if (known)
      this.entries.delete(handle); // re-inserted below as the newest
    else this.size += bytes.length;
    this.entries.set(handle, { bytes, mime, sha256 });
    this.evict();
    return { handle, sha256 };
  }

  /** One chunk from `offset` (default 0), at most `maxChunk` bytes (clamped), or a 4018 payload. */
  read(handle: string, reqId: string, offset = 0, maxChunk?: number): BlobChunk | ErrorPayload {
    if (!handle.startsWith(HANDLE_PREFIX) || !/^[0-9a-f]{64}$/.test(handle.slice(HANDLE_PREFIX.length))) return blobError('invalid_handle');
    const entry = this.entries.get(handle);
    if (!entry) return blobError('gone');
    const total = entry.bytes.length;
    if (!Number.isInteger(offset) || offset < 0 || offset > total) return blobError('range');
    const size = maxChunk === undefined || maxChunk <= 0 ? CHUNK_MAX_BYTES : Math.min(maxChunk, CHUNK_MAX_BYTES);
    const chunk = entry.bytes.subarray(offset, Math.min(total, offset + size));
    return {
      blob_handle: handle,
      mime_type: entry.mime,
      total_size: total,
      sha256: entry.sha256,
      chunk_offset: offset,
      eof: offset + chunk.length === total,
      blob: chunk.toString('base64'),
      req_id: reqId,
    };
  }

  private evict(): void {
    for (const [handle, entry] of this.entries) {
      if (this.size <= this.maxBytes || this.entries.size === 1) return;
      this.entries.delete(handle);
      this.size -= entry.bytes.length;
    }
  }
}

/** error-handling.md §4018: the reason under `details` (python-sdk `_blob_error`). */
export function blobError(reason: 'invalid_handle' | 'forbidden' | 'gone' | 'range'): ErrorPayload {
  return { code: A2C_ERRORS.blobNotAccessible, message: 'Blob not accessible', details: { reason } };
}
