/** Window URI vectors: strict build/validate, tolerant parse (seed §4.1, §6.1; desktop.md "Window URI 规范"). */
import { describe, expect, test } from 'vitest';
import {
  buildWindowUri,
  isReverseDomainHost,
  isWindowUri,
  parseWindowUri,
  validateWindowUri,
  WindowUriError,
  type WindowUriErrorCode,
} from '../../src/a2c/windowUri.js';

function codeOf(run: () => unknown): WindowUriErrorCode | 'no error' {
  try {
    run();
    return 'no error';
  } catch (error) {
    if (error instanceof WindowUriError) return error.code;
    throw error;
  }
}

describe('buildWindowUri (strict)', () => {
  test.each([
    ['com.example.browser', ['main', 'tab1'], 'window://com.example.browser/main/tab1'],
    ['com.example.logger', [], 'window://com.example.logger'],
    ['com.example.editor', ['src/main', 'file name'], 'window://com.example.editor/src%2Fmain/file%20name'],
    ['org.guibridge.ordersdemo', ['w1'], 'window://org.guibridge.ordersdemo/w1'],
    // RFC 3986 / Python quote(safe=""): !'()* and ? # are encoded too, so the URI never grows a query.
    ['a.b', ["it's (1)*!"], 'window://a.b/it%27s%20%281%29%2A%21'],
    ['a.b', ['q?x=1#f'], 'window://a.b/q%3Fx%3D1%23f'],
    ['a.b', ['100%', 'ü'], 'window://a.b/100%25/%C3%BC'],
    ['a.b', [''], 'window://a.b/'],
  ])('%s %j → %s', (host, path, expected) => {
    expect(buildWindowUri(host, path)).toBe(expected);
  });

  test.each([
    ['', 'empty_host'],
    ['Com.Example', 'invalid_host'],
    ['com..example', 'invalid_host'],
    ['com.example:8080', 'invalid_host'],
    ['user@com.example', 'invalid_host'],
    ['-bad.example', 'invalid_host'],
    ['com.example/x', 'invalid_host'],
  ])('host %j → %s', (host, code) => {
    expect(codeOf(() => buildWindowUri(host, ['w1']))).toBe(code);
  });
});

describe('validateWindowUri (construct layer: hard errors)', () => {
  test.each([
    ['window://com.example.app/main?priority=8&fullscreen=1', 'query_not_allowed'],
    ['window://com.example.app/main?', 'query_not_allowed'],
    ['window://com.example.app/main#top', 'fragment_not_allowed'],
    ['window:///main', 'empty_host'],
    ['window://', 'empty_host'],
    ['dpe://com.example.docs/rpt', 'not_window_uri'],
    ['window:com.example.app/main', 'not_window_uri'],
    ['window://com.example.app/%zz', 'invalid_segment'],
  ])('%s → %s', (uri, code) => {
    expect(codeOf(() => validateWindowUri(uri))).toBe(code);
  });

  test('a clean URI validates to host and decoded path', () => {
    expect(validateWindowUri('window://com.example.editor/src%2Fmain/file%20name')).toEqual({
      host: 'com.example.editor',
      path: ['src/main', 'file name'],
      uri: 'window://com.example.editor/src%2Fmain/file%20name',
    });
  });
});

describe('parseWindowUri (Computer layer: tolerant)', () => {
  test('drops a query with a warning and keeps host + path as the identity', () => {
    const parsed = parseWindowUri('window://com.example.app/main?priority=5');
    expect(parsed).toMatchObject({ host: 'com.example.app', path: ['main'], uri: 'window://com.example.app/main' });
    expect(parsed.warnings).toHaveLength(1);
    expect(parsed.warnings[0]).toMatch(/query "priority=5"/);
  });

  test('drops a fragment with a warning', () => {
    const parsed = parseWindowUri('window://com.example.app/main?a=1#frag');
    expect(parsed.uri).toBe('window://com.example.app/main');
    expect(parsed.warnings).toHaveLength(2);
  });

  test.each([
    ['window://com.example.logger', []],
    ['window://com.example.logger/', []],
    ['window://com.example.app/a//b', ['a', '', 'b']],
    ['window://com.example.app/c%2Fd', ['c/d']],
    ['WINDOW://Com.Example.App/Main', ['Main']],
  ])('%s → path %j', (uri, path) => {
    expect(parseWindowUri(uri).path).toEqual(path);
  });

  test('hosts compare lower-case; non reverse-domain hosts parse with a warning', () => {
    expect(parseWindowUri('window://Com.Example.App/x').host).toBe('com.example.app');
    const single = parseWindowUri('window://localhost/x');
    expect(single.host).toBe('localhost');
    expect(single.warnings[0]).toMatch(/not reverse-domain/);
  });

  test('still refuses what is not a window URI at all', () => {
    expect(codeOf(() => parseWindowUri('window:///x?y=1'))).toBe('empty_host');
    expect(codeOf(() => parseWindowUri('app://windows'))).toBe('not_window_uri');
    expect(isWindowUri('app://windows')).toBe(false);
    expect(isWindowUri('window://a.b/c?d=1')).toBe(true);
  });

  test('build ∘ parse round-trips any segments', () => {
    const path = ['src/main', 'file name', '', '日本', "a'b", '%41'];
    const uri = buildWindowUri('com.example.editor', path);
    expect(parseWindowUri(uri)).toMatchObject({ path, uri, warnings: [] });
  });

  test('reverse-domain check', () => {
    expect(isReverseDomainHost('com.example.app')).toBe(true);
    expect(isReverseDomainHost('localhost')).toBe(false);
    expect(isReverseDomainHost('Com.Example')).toBe(false);
  });
});
