/** Blob transfer on the Computer: the spool's chunked stateless reads and the tool-result sideband. */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { BlobSpool, CHUNK_MAX_BYTES, INLINE_BUDGET, type BlobChunk } from '../../src/a2c/computer/blobSpool.js';
import { spoolLargeBinaries } from '../../src/a2c/computer/sideband.js';
import { GetBlobRet } from '../../src/a2c/schemas/index.js';

const bytes = (n: number, seed = 1) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 13 + seed) % 256));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('BlobSpool', () => {
  test('chunks reassemble to the bytes; sha256 and total_size are stable; offsets are absolute', () => {
    const spool = new BlobSpool();
    const data = bytes(CHUNK_MAX_BYTES * 2 + 10);
    const { handle, sha256 } = spool.mint(data, 'image/png');
    expect(sha256).toBe(sha(data));
    const parts: Buffer[] = [];
    for (let offset = 0; ;) {
      const chunk = spool.read(handle, 'r', offset) as BlobChunk;
      expect(GetBlobRet.parse(chunk)).toEqual(chunk);
      expect(chunk).toMatchObject({ blob_handle: handle, mime_type: 'image/png', total_size: data.length, sha256, chunk_offset: offset });
      parts.push(Buffer.from(chunk.blob, 'base64'));
      offset += Buffer.from(chunk.blob, 'base64').length;
      if (chunk.eof) break;
    }
    expect(parts.map((p) => p.length)).toEqual([CHUNK_MAX_BYTES, CHUNK_MAX_BYTES, 10]);
    expect(Buffer.concat(parts).equals(data)).toBe(true);
    const again = spool.read(handle, 'r2', CHUNK_MAX_BYTES, 5) as BlobChunk;
    expect(Buffer.from(again.blob, 'base64').equals(data.subarray(CHUNK_MAX_BYTES, CHUNK_MAX_BYTES + 5))).toBe(true);
    // A larger request is clamped to the Computer's chunk size.
    expect(Buffer.from((spool.read(handle, 'r3', 0, 10 * CHUNK_MAX_BYTES) as BlobChunk).blob, 'base64').length).toBe(CHUNK_MAX_BYTES);
  });

  test('4018 reasons: invalid_handle, range, gone after eviction; an empty blob is one eof chunk', () => {
    const spool = new BlobSpool(1000);
    const first = spool.mint(bytes(600, 1), 'a/b');
    expect(spool.read('../../etc/passwd', 'r')).toEqual({ code: 4018, message: 'Blob not accessible', details: { reason: 'invalid_handle' } });
    expect(spool.read(first.handle, 'r', 601)).toMatchObject({ code: 4018, details: { reason: 'range' } });
    expect(spool.read(first.handle, 'r', -1)).toMatchObject({ code: 4018, details: { reason: 'range' } });
    spool.mint(bytes(600, 2), 'a/b');
    expect(spool.read(first.handle, 'r')).toMatchObject({ code: 4018, details: { reason: 'gone' } });
    const empty = spool.mint(Buffer.alloc(0), 'text/plain');
    expect(spool.read(empty.handle, 'r')).toMatchObject({ total_size: 0, eof: true, blob: '', chunk_offset: 0 });
  });
});

describe('tool-result sideband', () => {
  test('only binary items over the inline budget leave the result; text and small images stay', () => {
    const spool = new BlobSpool();
    const big = bytes(INLINE_BUDGET + 1);
    const small = bytes(INLINE_BUDGET);
    const result = {
      content: [
        { type: 'text', text: 'hello' },
        { type: 'image', data: small.toString('base64'), mimeType: 'image/png' },
        { type: 'image', data: big.toString('base64'), mimeType: 'image/png', _meta: { kept: true } },
        { type: 'resource', resource: { uri: 'file:///x', mimeType: 'application/pdf', blob: big.toString('base64') } },
      ],
      isError: false,
    };
    const out = spoolLargeBinaries(result, spool) as { content: Array<Record<string, unknown>> };
    expect(out.content[0]).toEqual(result.content[0]);
    expect(out.content[1]).toEqual(result.content[1]);
    const handle = (out.content[2]?._meta as { a2c_blob_handle: string }).a2c_blob_handle;
    expect(handle).not.toContain(sha(big));
    expect(out.content[2]).toEqual({
      type: 'image',
      data: '',
      mimeType: 'image/png',
      _meta: { kept: true, a2c_blob_handle: handle, a2c_total_size: big.length, a2c_sha256: sha(big) },
    });
    expect(out.content[3]).toMatchObject({ resource: { uri: 'file:///x', blob: '' }, _meta: { a2c_blob_handle: handle } });
    expect(spool.read(handle, 'r')).toMatchObject({ total_size: big.length });
    expect(result.content[2]).toHaveProperty('data', big.toString('base64')); // the input is not modified
  });
});
