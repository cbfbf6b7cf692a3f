/** A plain top-level NativeWindow for unit tests: a normal window of app "a" unless told otherwise. */
import type { NativeWindow } from '../../src/platform/probe.js';

export const nativeWindow = (id: string, extra: Partial<NativeWindow> = {}): NativeWindow => ({
  nativeId: id,
  appKey: 'a',
  pid: 1,
  title: id,
  ownerNativeId: null,
  modal: false,
  active: false,
  fullscreen: false,
  bounds: null,
  windowType: 'normal',
  ...extra,
});
