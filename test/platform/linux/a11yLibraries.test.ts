import { describe, expect, it } from 'vitest';
import { mapsAccessibilityBridge } from '../../../src/platform/linux/a11yLibraries.js';
import { PairingWatch } from '../../../src/platform/linux/pairing.js';
import type { LinuxWindow, Topology } from '../../../src/platform/linux/topology.js';

const maps =
  (...libs: string[]) =>
  () =>
    libs.map((lib) => `7f00-7f01 r-xp 00000000 08:01 1 /usr/lib/x86_64-linux-gnu/${lib}`).join('\n');

describe('whether a process can expose an accessible (/proc/PID/maps)', () => {
  it('knows the bridges of GTK 3, GTK 4, Qt 5/6, Chromium, Java and Firefox', () => {
    for (const lib of ['libatk-bridge-2.0.so.0.0.0', 'libgtk-4.so.1', 'libQt5XcbQpa.so.5', 'libQt6Gui.so.6', 'libatk-wrapper.so', 'libxul.so']) {
      expect(mapsAccessibilityBridge(42, maps('libc.so.6', lib)), lib).toBe(true);
    }
  });

  it('says no for a process with none (xterm, Xaw, Tk), and "unknown" without a pid or /proc', () => {
    expect(mapsAccessibilityBridge(42, maps('libc.so.6', 'libXaw.so.7', 'libX11.so.6'))).toBe(false);
    expect(mapsAccessibilityBridge(null)).toBeNull();
    expect(
      mapsAccessibilityBridge(42, () => {
        throw new Error('ENOENT');
      }),
    ).toBeNull();
  });

  it('a window of such a process is not retried by the pairing watch, yet still pairs when an accessible comes', () => {
    const top = (ref: string | null): Topology => ({
      apps: [],
      windows: [{ native: { nativeId: 'x1' }, x11: { pid: 42 }, ref } as unknown as LinuxWindow],
      nativeOfRef: new Map(),
    });
    const paired: string[][] = [];
    const watch = new PairingWatch({ retry: () => undefined, paired: (ids) => paired.push(ids), accessible: () => false }, [5, 10]);
    watch.observe(top(null), top(null));
    expect(watch.retrying('x1')).toBe(false);
    watch.observe(top(null), top('a:/1'));
    expect(paired).toEqual([['x1']]);
    watch.stop();
  });
});
