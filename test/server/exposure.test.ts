import { describe, expect, test } from 'vitest';
import { assertExposureAllowed, isLoopbackHost } from '../../src/util/exposure.js';

describe('exposure', () => {
  test('loopback addresses and names', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) {
      expect([host, isLoopbackHost(host)]).toEqual([host, true]);
    }
    for (const host of ['0.0.0.0', '::', '[::]', '192.168.1.2', '10.0.0.1', 'example.com', 'localhost.example', '::ffff:10.0.0.1', '']) {
      expect([host, isLoopbackHost(host)]).toEqual([host, false]);
    }
  });

  test('network-reachable needs a token; an empty token is never "no auth"', () => {
    expect(() => assertExposureAllowed('127.0.0.1', undefined)).not.toThrow();
    expect(() => assertExposureAllowed('0.0.0.0', 'secret')).not.toThrow();
    expect(() => assertExposureAllowed('0.0.0.0', undefined)).toThrow(/--token T or GUI_BRIDGE_TOKEN/);
    expect(() => assertExposureAllowed('192.168.1.2', undefined)).toThrow(/reachable from the network/);
    expect(() => assertExposureAllowed('127.0.0.1', '')).toThrow(/empty/);
  });
});
