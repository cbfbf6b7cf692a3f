import { describe, expect, it } from 'vitest';
import { parseHexId, toHexId } from '../../../../src/platform/linux/x11/connection.js';
import { toNativeWindow } from '../../../../src/platform/linux/x11/nativeWindow.js';
import { classifyWindowType, type X11Window } from '../../../../src/platform/linux/x11/windows.js';

describe('classifyWindowType', () => {
  it('takes the first EWMH type it knows', () => {
    expect(classifyWindowType(['_NET_WM_WINDOW_TYPE_DIALOG'], false)).toBe('dialog');
    expect(classifyWindowType(['_KDE_NET_WM_WINDOW_TYPE_OVERRIDE', '_NET_WM_WINDOW_TYPE_NORMAL'], false)).toBe('normal');
    expect(classifyWindowType(['_NET_WM_WINDOW_TYPE_UTILITY'], true)).toBe('utility');
    expect(classifyWindowType(['_NET_WM_WINDOW_TYPE_SPLASH'], false)).toBe('splash');
    expect(classifyWindowType(['_NET_WM_WINDOW_TYPE_NOTIFICATION'], false)).toBe('other');
  });

  it('treats an untyped transient window as a dialog, an untyped other one as normal (EWMH)', () => {
    expect(classifyWindowType([], true)).toBe('dialog');
    expect(classifyWindowType([], false)).toBe('normal');
  });
});

describe('window ids', () => {
  it('prints xids like xprop and parses them back', () => {
    expect(toHexId(0x3a00007)).toBe('0x3a00007');
    expect(parseHexId('0x3a00007')).toBe(0x3a00007);
    expect(parseHexId('60817415')).toBe(60817415);
  });

  it('rejects what is not a window id', () => {
    for (const bad of ['', 'w1', '0x', '-1', '0', '0x1ffffffff', '1e3']) expect(parseHexId(bad)).toBeNull();
  });
});

describe('toNativeWindow', () => {
  it('maps an X11 window onto the probe interface', () => {
    const window: X11Window = {
      xid: 0xe00008,
      nativeId: '0xe00008',
      title: 'Modal question',
      netWmName: 'Modal question',
      wmName: 'Modal question',
      wmClass: { instance: 'zenity', className: 'Zenity' },
      pid: 4321,
      pidSource: 'net_wm_pid',
      transientFor: 0xc00004,
      ownerNativeId: '0xc00004',
      states: ['_NET_WM_STATE_MODAL'],
      modal: true,
      fullscreen: false,
      hidden: false,
      windowTypes: ['_NET_WM_WINDOW_TYPE_DIALOG'],
      windowType: 'dialog',
      gtkApplicationId: null,
      frameExtents: { left: 1, right: 1, top: 20, bottom: 1 },
      bounds: { x: 547, y: 472, width: 188, height: 120 },
      active: true,
      stackIndex: 3,
    };
    expect(toNativeWindow(window, 'app-zenity')).toEqual({
      nativeId: '0xe00008',
      appKey: 'app-zenity',
      pid: 4321,
      title: 'Modal question',
      ownerNativeId: '0xc00004',
      modal: true,
      active: true,
      fullscreen: false,
      bounds: { x: 547, y: 472, width: 188, height: 120 },
      windowType: 'dialog',
      className: 'Zenity',
    });
  });
});
