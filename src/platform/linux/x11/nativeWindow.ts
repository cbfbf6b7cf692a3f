/** X11 window records as the platform-neutral `NativeWindow` of the probe interface. */
import type { NativeWindow } from '../../probe.js';
import type { X11Window } from './windows.js';

/** `appKey` comes from the composer (the AT-SPI application, or the pid when it has none). */
export function toNativeWindow(window: X11Window, appKey: string): NativeWindow {
  return {
    nativeId: window.nativeId,
    appKey,
    pid: window.pid,
    title: window.title,
    ownerNativeId: window.ownerNativeId,
    modal: window.modal,
    active: window.active,
    fullscreen: window.fullscreen,
    bounds: { ...window.bounds },
    windowType: window.windowType,
    ...(window.wmClass ? { className: window.wmClass.className } : {}),
  };
}
