/** Every malformed-but-JSON message gets the right JSON-RPC error, never silence. */
import { describe, expect, test } from 'vitest';
import { checkIncoming } from '../../src/server/jsonRpcCheck.js';
import { trimInitialize } from '../../src/server/trimInitialize.js';

const codesOf = (value: unknown) => {
  const result = checkIncoming(value);
  return result.ok ? 'ok' : result.errors.map((e) => [e.id, e.error.code]);
};

describe('checkIncoming', () => {
  test('well-formed requests, notifications, responses and batches pass', () => {
    expect(codesOf({ jsonrpc: '2.0', id: 1, method: 'ping' })).toBe('ok');
    expect(codesOf({ jsonrpc: '2.0', id: 'a', method: 'tools/list', params: { _meta: { progressToken: 1 } } })).toBe('ok');
    expect(codesOf({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBe('ok');
    expect(codesOf({ jsonrpc: '2.0', id: 3, result: {} })).toBe('ok');
    expect(codesOf({ jsonrpc: '2.0', id: 4, method: 'no/such/method' })).toBe('ok'); // the SDK answers -32601
    expect(checkIncoming([{ jsonrpc: '2.0', id: 1, method: 'ping' }])).toMatchObject({ ok: true, batch: true });
  });

  test('invalid requests → -32600, with the id when it is valid', () => {
    expect(codesOf({ jsonrpc: '2.0', id: 2, method: 'ping', params: { _meta: 5 } })).toEqual([[2, -32600]]);
    expect(codesOf({ jsonrpc: '2.0', id: 3, method: 'ping', params: [1] })).toEqual([[3, -32600]]);
    expect(codesOf({ jsonrpc: '1.0', id: 4, method: 'ping' })).toEqual([[4, -32600]]);
    expect(codesOf({ id: 4, method: 'ping' })).toEqual([[4, -32600]]);
    expect(codesOf({ jsonrpc: '2.0', id: 1.5, method: 'ping' })).toEqual([[null, -32600]]);
    expect(codesOf({ jsonrpc: '2.0', id: null, method: 'ping' })).toEqual([[null, -32600]]);
    expect(codesOf({ jsonrpc: '2.0', id: {}, method: 'ping' })).toEqual([[null, -32600]]);
    expect(codesOf({ jsonrpc: '2.0', id: 7, method: 5 })).toEqual([[7, -32600]]);
    expect(codesOf({ jsonrpc: '2.0', id: 8, result: 5, error: {} })).toEqual([[8, -32600]]);
    expect(codesOf({ jsonrpc: '2.0' })).toEqual([[null, -32600]]);
    expect(codesOf(5)).toEqual([[null, -32600]]);
    expect(codesOf('ping')).toEqual([[null, -32600]]);
    expect(codesOf(null)).toEqual([[null, -32600]]);
  });

  test('an empty batch → one -32600; a batch with bad members answers each of them', () => {
    expect(codesOf([])).toEqual([[null, -32600]]);
    expect(codesOf([{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', id: 2, method: 7 }, 3])).toEqual([
      [2, -32600],
      [null, -32600],
    ]);
  });

  test('bad params of a known method → -32602 naming the path, never the value', () => {
    const call = (params: unknown) => checkIncoming({ jsonrpc: '2.0', id: 9, method: 'tools/call', params });
    for (const params of [{ name: 5 }, { name: 'w1__x', arguments: [1] }, { name: 'w1__x', arguments: 'secret-value' }, {}]) {
      const result = call(params);
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.errors[0]?.error.code).toBe(-32602);
      expect(result.errors[0]?.error.message).not.toMatch(/secret-value|"code"|invalid_type/);
    }
    const result = call({ name: 5 });
    expect(!result.ok && result.errors[0]?.error.message).toBe('Invalid params: params.name must be string.');
  });

  test('__proto__, constructor and prototype as argument names → -32602', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const value = JSON.parse(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"w1__edit_field","arguments":{"${key}":{"x":1}}}}`);
      const result = checkIncoming(value);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.errors[0]?.error).toEqual({ code: -32602, message: `Invalid params: argument name "${key}" is not allowed.` });
    }
  });
});

describe('trimInitialize', () => {
  test('keeps only the capabilities the server reads, bounded, and short clientInfo strings', () => {
    const huge = 'x'.repeat(4_000_000);
    const message = trimInitialize({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: { experimental: { blob: huge }, sampling: { tools: {}, junk: huge }, roots: { listChanged: true }, custom: huge },
        clientInfo: { name: huge, version: '1', icons: [{ src: huge }] },
      },
    });
    const text = JSON.stringify(message);
    expect(text.length).toBeLessThan(2000);
    expect((message as { params: Record<string, unknown> }).params).toMatchObject({
      protocolVersion: '2025-06-18',
      capabilities: { sampling: { tools: {}, junk: {} }, roots: { listChanged: true } },
      clientInfo: { version: '1' },
    });
  });
});
