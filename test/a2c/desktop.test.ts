/** organize_desktop vectors: window filter, history order, ties, fullscreen, size cut (desktop.md "Desktop 组织策略"). */
import type { Resource } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, test } from 'vitest';
import { organizeDesktop, serverOrder, type DesktopWindow } from '../../src/a2c/desktop.js';
import type { Logger } from '../../src/util/logger.js';

function win(server: string, path: string, extra: Partial<Resource> = {}, text = `text of ${path}`): DesktopWindow {
  const uri = `window://${server}.example/${path}`;
  return { server, resource: { uri, name: path, ...extra }, contents: [{ uri, text }] };
}
const prio = (priority: unknown): Partial<Resource> => ({ annotations: { priority } as Resource['annotations'] });
const full = (fullscreen: unknown): Partial<Resource> => ({ _meta: { fullscreen } });
const paths = (desktops: string[]) => desktops.map((d) => d.split('\n')[0]?.replace(/^window:\/\/[^/]+\//, ''));

function recordingLog(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, debug() {}, info() {}, warn: (m) => void warnings.push(m), error() {} };
}

describe('organizeDesktop', () => {
  test('renders "{uri}\\n\\n{text}", joins several texts, and falls back to the URI alone', () => {
    const two: DesktopWindow = {
      server: 'a',
      resource: { uri: 'window://a.example/x', name: 'x' },
      contents: [
        { uri: 'window://a.example/x', text: 'one' },
        { uri: 'window://a.example/x', text: 'two' },
      ],
    };
    expect(organizeDesktop({ windows: [two, win('a', 'y', {}, '')], history: [] })).toEqual(['window://a.example/x\n\none\n\ntwo', 'window://a.example/y']);
  });

  test('size ≤ 0 → nothing; undefined → everything; a cut is global across servers', () => {
    const windows = [win('a', 'a1'), win('a', 'a2'), win('b', 'b1')];
    expect(organizeDesktop({ windows, size: 0, history: [] })).toEqual([]);
    expect(organizeDesktop({ windows, size: -3, history: [] })).toEqual([]);
    expect(paths(organizeDesktop({ windows, history: [] }))).toEqual(['a1', 'a2', 'b1']);
    expect(paths(organizeDesktop({ windows, size: 2, history: [] }))).toEqual(['a1', 'a2']);
    expect(paths(organizeDesktop({ windows, size: 1, history: [{ server: 'b' }] }))).toEqual(['b1']);
  });

  test('servers: newest in the history first without duplicates, then the unused ones by name', () => {
    const windows = [win('c', 'c1'), win('a', 'a1'), win('d', 'd1'), win('b', 'b1')];
    const history = [{ server: 'b' }, { server: 'd' }, { server: 'b' }, { server: 'gone' }];
    expect(paths(organizeDesktop({ windows, history }))).toEqual(['b1', 'd1', 'a1', 'c1']);
    expect(
      serverOrder(
        new Map([
          ['Z', 1],
          ['a', 1],
          ['B', 1],
        ]),
        [],
      ),
    ).toEqual(['B', 'Z', 'a']);
  });

  test('inside a server: priority highest first, stable on ties; invalid priorities count as 0 with a warning', () => {
    const log = recordingLog();
    const windows = [
      win('a', 'low', prio(0.2)),
      win('a', 'tie1', prio(0.8)),
      win('a', 'none'),
      win('a', 'top', prio(1)),
      win('a', 'tie2', prio(0.8)),
      win('a', 'big', prio(80)),
      win('a', 'text', prio('0.9')),
    ];
    expect(paths(organizeDesktop({ windows, history: [], log }))).toEqual(['top', 'tie1', 'tie2', 'low', 'none', 'big', 'text']);
    expect(log.warnings.filter((w) => w.includes('priority'))).toHaveLength(2);
  });

  test('fullscreen: a server contributes only its first fullscreen window (list order), others are untouched', () => {
    const windows = [
      win('a', 'a-normal', prio(1)),
      win('a', 'a-full-late', { ...prio(0.1), ...full(true) }),
      win('b', 'b1'),
      win('a', 'a-full-later', { ...prio(0.9), ...full(true) }),
      win('b', 'b2'),
    ];
    expect(paths(organizeDesktop({ windows, history: [] }))).toEqual(['a-full-late', 'b1', 'b2']);
  });

  test('fullscreen only when a real boolean true; "true" and 1 warn and count as false', () => {
    const log = recordingLog();
    const windows = [win('a', 'x', full('true')), win('a', 'y', full(1)), win('a', 'z', full(false))];
    expect(paths(organizeDesktop({ windows, history: [], log }))).toEqual(['x', 'y', 'z']);
    expect(log.warnings.filter((w) => w.includes('fullscreen'))).toHaveLength(2);
  });

  test('window filter: exact URI match, applied before everything else', () => {
    const windows = [win('a', 'a1', { ...prio(1), ...full(true) }), win('a', 'a2'), win('b', 'b1')];
    expect(organizeDesktop({ windows, history: [], window: 'window://a.example/a2' })).toEqual(['window://a.example/a2\n\ntext of a2']);
    expect(organizeDesktop({ windows, history: [], window: 'window://a.example/A2' })).toEqual([]);
    expect(organizeDesktop({ windows, history: [], window: 'window://nowhere.example/x' })).toEqual([]);
  });

  test('drops empty, blob-only and non-window entries; drops a query from the rendered URI; warns on audience', () => {
    const log = recordingLog();
    const windows: DesktopWindow[] = [
      { server: 'a', resource: { uri: 'window://a.example/empty', name: 'e' }, contents: [] },
      { server: 'a', resource: { uri: 'window://a.example/blob', name: 'b' }, contents: [{ uri: 'window://a.example/blob', blob: 'AAAA' }] },
      { server: 'a', resource: { uri: 'app://windows', name: 'w' }, contents: [{ uri: 'app://windows', text: '{}' }] },
      win('a', 'q?priority=5'),
      win('a', 'user', { annotations: { audience: ['user'] } }),
    ];
    const desktops = organizeDesktop({ windows, history: [], log });
    expect(desktops).toEqual(['window://a.example/q\n\ntext of q?priority=5', 'window://a.example/user\n\ntext of user']);
    expect(log.warnings.some((w) => w.includes('dropped the query'))).toBe(true);
    expect(log.warnings.some((w) => w.includes('audience'))).toBe(true);
    expect(log.warnings.some((w) => w.includes('blob'))).toBe(true);
  });

  test('v0.1 → v0.2: the same ordering from annotations as from the old URI query (seed §6.2)', () => {
    const v2 = [win('a', 'p30', prio(0.3)), win('a', 'p80', prio(0.8)), win('a', 'p50', prio(0.5))];
    expect(paths(organizeDesktop({ windows: v2, history: [] }))).toEqual(['p80', 'p50', 'p30']);
  });
});
