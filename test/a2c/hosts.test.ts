/** Window hosts per application and the priority / fullscreen rules (seed §4.1–4.2, §7). */
import { describe, expect, test } from 'vitest';
import { HostAssigner, hostFromAppId } from '../../src/a2c/hosts.js';
import { chooseFullscreen, PRIORITY, windowPriority, type FullscreenCandidate } from '../../src/a2c/priority.js';
import { isReverseDomainHost } from '../../src/a2c/windowUri.js';
import type { AppInfo } from '../../src/platform/probe.js';

const app = (key: string, id: string, name = id): AppInfo => ({ key, id, name, pid: null, actions: [] });

describe('hosts', () => {
  test.each([
    ['org.guibridge.OrdersDemo', 'org.guibridge.ordersdemo'],
    ['org.gnome.TextEditor', 'org.gnome.texteditor'],
    ['gedit', 'local.gedit'],
    ['Gnome-calculator', 'local.gnome-calculator'],
    ['My App.exe', 'my-app.exe'],
    ['com.example.__weird__', 'com.example.weird'],
    ['...', 'local.app'],
    ['', 'local.app'],
  ])('derived from the application id %j → %s', (id, host) => {
    expect(hostFromAppId(id)).toBe(host);
    expect(isReverseDomainHost(hostFromAppId(id))).toBe(true);
  });

  test('several applications get distinct hosts, stable per application instance', () => {
    const hosts = new HostAssigner();
    const a = app('bus:1', 'org.gnome.TextEditor');
    const b = app('bus:2', 'org.gnome.TextEditor');
    const c = app('bus:3', 'org.gnome.Calculator');
    expect([hosts.hostFor(a), hosts.hostFor(b), hosts.hostFor(c)]).toEqual(['org.gnome.texteditor', 'org.gnome.texteditor-2', 'org.gnome.calculator']);
    expect(hosts.hostFor(b)).toBe('org.gnome.texteditor-2');
    expect(hosts.has('org.gnome.calculator')).toBe(true);
    expect(hosts.has('org.gnome.other')).toBe(false);
  });

  test('--a2c-host: the host itself for one application, a sub-host per application in multi-app mode', () => {
    expect(new HostAssigner({ host: 'com.example.desk' }).hostFor(app('k', 'org.x.Y'))).toBe('com.example.desk');
    const multi = new HostAssigner({ host: 'com.example.desk', multiApp: true });
    expect([multi.hostFor(app('1', 'org.gnome.TextEditor')), multi.hostFor(app('2', 'gedit')), multi.hostFor(app('3', 'gedit'))]).toEqual([
      'com.example.desk.texteditor',
      'com.example.desk.gedit',
      'com.example.desk.gedit-2',
    ]);
    expect(() => new HostAssigner({ host: 'Not A Host' })).toThrow(/reverse-domain/);
    expect(() => new HostAssigner({ host: 'localhost' })).toThrow(/reverse-domain/);
  });
});

describe('priority and fullscreen', () => {
  test('mapping in [0,1]: modal chain top > active operable > operable > blocked', () => {
    expect(windowPriority({ modal: true, active: false, operable: true })).toBe(PRIORITY.modalTop);
    expect(windowPriority({ modal: false, active: true, operable: true })).toBe(PRIORITY.activeOperable);
    expect(windowPriority({ modal: false, active: false, operable: true })).toBe(PRIORITY.operable);
    expect(windowPriority({ modal: true, active: true, operable: false })).toBe(PRIORITY.blocked);
    const values = Object.values(PRIORITY);
    expect(values.every((v) => v >= 0 && v <= 1)).toBe(true);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
  });

  test('at most one fullscreen window: operable, then active, then newest', () => {
    const w = (winId: string, over: Partial<FullscreenCandidate>): FullscreenCandidate => ({
      winId,
      fullscreen: true,
      order: 1,
      modal: false,
      active: false,
      operable: true,
      ...over,
    });
    expect(chooseFullscreen([])).toBeNull();
    expect(chooseFullscreen([w('a', { fullscreen: false })])).toBeNull();
    expect(chooseFullscreen([w('a', { order: 1 }), w('b', { order: 2 })])).toBe('b');
    expect(chooseFullscreen([w('a', { order: 1, active: true }), w('b', { order: 2 })])).toBe('a');
    expect(chooseFullscreen([w('a', { order: 3, active: true, operable: false }), w('b', { order: 2 })])).toBe('b');
  });
});
