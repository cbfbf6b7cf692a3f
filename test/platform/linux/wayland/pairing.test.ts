import { describe, expect, it } from 'vitest';
import type { AtspiApplication, AtspiTopLevel } from '../../../../src/platform/linux/atspi/apps.js';
import type { ForeignToplevel, ForeignToplevels } from '../../../../src/platform/linux/wayland/foreignToplevel.js';
import { chordArguments } from '../../../../src/platform/linux/wayland/keyboard.js';
import { pairToplevels, sameApp, WaylandWindowSource } from '../../../../src/platform/linux/wayland/windowSource.js';
import { resolveAppId } from '../../../../src/platform/linux/wayland/appIds.js';

const top = (ref: string, name: string, role = 'frame'): AtspiTopLevel => ({
  ref,
  pid: 10,
  role,
  name,
  states: ['showing'],
  attributes: {},
  screenExtents: null,
  windowExtents: null,
});
const app = (name: string, tops: AtspiTopLevel[]): AtspiApplication => ({
  bus: `:1.${name.length}`,
  ref: `:1.${name.length}/root`,
  pid: 10,
  name,
  toolkit: { name: 'gtk', version: '3' },
  topLevels: tops,
});
let serial = 0;
const foreign = (handle: number, title: string, appId: string): ForeignToplevel => ({
  handle,
  title,
  appId,
  activated: false,
  minimized: false,
  fullscreen: false,
  parent: null,
  serial: serial++,
});

describe('pairing AT-SPI top-levels with the compositor’s toplevels', () => {
  it('pairs by title, same-titled windows in order, untitled dialogs by app', () => {
    const gedit = app('gedit', [top('g/1', 'a.txt - gedit'), top('g/2', 'a.txt - gedit'), top('g/3', 'Question', 'alert')]);
    const calc = app('gnome-calculator', [top('c/1', 'Calculator')]);
    const entries = [...gedit.topLevels.map((t) => ({ top: t, app: gedit })), ...calc.topLevels.map((t) => ({ top: t, app: calc }))];
    const pairs = pairToplevels(entries, [
      foreign(1, 'Calculator', 'org.gnome.Calculator'),
      foreign(2, 'a.txt - gedit', 'gedit'),
      foreign(3, 'a.txt - gedit', 'gedit'),
      foreign(4, '', 'gedit'),
    ]);
    expect(Object.fromEntries([...pairs].map(([ref, f]) => [ref, f.handle]))).toEqual({ 'g/1': 2, 'g/2': 3, 'g/3': 4, 'c/1': 1 });
  });

  it('leaves a top-level unpaired rather than guessing across apps', () => {
    const zenity = app('zenity', [top('z/1', '', 'dialog')]);
    expect(pairToplevels([{ top: zenity.topLevels[0]!, app: zenity }], [foreign(1, '', 'org.gnome.Calculator')]).size).toBe(0);
  });

  it('compares app ids loosely with AT-SPI names', () => {
    expect(sameApp('org.gnome.Calculator', 'gnome-calculator')).toBe(true);
    expect(sameApp('gedit', 'gedit')).toBe(true);
    expect(sameApp('org.gnome.Calculator', 'gedit')).toBe(false);
    expect(sameApp('', 'gedit')).toBe(false);
  });

  it('resolves reverse-DNS ids through desktop entries', () => {
    const byProgram = new Map([['gedit', 'org.gnome.gedit']]);
    expect(resolveAppId('org.gnome.Calculator', null, 'gnome-calculator', byProgram)).toBe('org.gnome.Calculator');
    expect(resolveAppId('gedit', null, 'gedit', byProgram)).toBe('org.gnome.gedit');
    expect(resolveAppId(undefined, null, 'zenity', byProgram)).toBe('zenity');
  });
});

describe('wtype arguments for key chords', () => {
  it('holds modifiers around each key, by keysym value', () => {
    expect(chordArguments(['ctrl+shift+s', 'Return'])).toEqual(['-M', 'ctrl', '-M', 'shift', '-k', '0x73', '-m', 'shift', '-m', 'ctrl', '-k', '0xff0d']);
    expect(chordArguments(['super+a'])).toEqual(['-M', 'logo', '-k', '0x61', '-m', 'logo']);
  });

  it('rejects a bad name before anything is pressed', () => {
    expect(() => chordArguments(['Return', 'ctrl+nosuchkey'])).toThrow(/nosuchkey/);
  });
});

describe('the Wayland window source', () => {
  it('lists accessible windows, then the compositor’s windows no accessible and no X11 window stands for', async () => {
    const gedit = app('gedit', [top('g/1', 'Notes - gedit')]);
    const list = [
      foreign(1, 'Notes - gedit', 'gedit'),
      foreign(2, 'xterm', 'XTerm'),
      foreign(3, 'No accessibility', 'zenity'),
      foreign(4, 'Other - gedit', 'gedit'),
    ];
    const source = new WaylandWindowSource({ connected: true, list: () => list } as unknown as ForeignToplevels);
    const xterm = {
      nativeId: '0x400001',
      appKey: 'pid:9',
      pid: 9,
      title: 'xterm',
      ownerNativeId: null,
      modal: false,
      active: false,
      fullscreen: false,
      bounds: null,
      windowType: 'normal' as const,
      className: 'XTerm',
    };
    const topology = await source.read([gedit], { refs: new Set(), windows: [xterm] });
    // xterm is X11's; "Other - gedit" belongs to an app with accessibles (it may pair next time).
    expect(topology.windows.map((w) => [w.native.nativeId, w.native.title, w.ref])).toEqual([
      ['wl:g/1', 'Notes - gedit', 'g/1'],
      ['wlt:3', 'No accessibility', null],
    ]);
    expect(topology.apps.map((a) => [a.key, a.name])).toEqual([
      [gedit.bus, 'gedit'],
      ['wayland:zenity', 'zenity'],
    ]);
  });
});
