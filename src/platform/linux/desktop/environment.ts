/**
 * The variables that make a process part of one desktop, with accessibility on for every
 * toolkit (docs/linux-desktop-notes.md "Bringing up a headless accessible desktop").
 */
import { join } from 'node:path';
import { DESKTOP_MARKER, type DesktopPaths } from './state.js';

export function baseDesktopEnv(paths: DesktopPaths, display: number): Record<string, string> {
  return {
    DISPLAY: `:${display}`,
    // Own runtime dir per desktop: a shared one let a nested session delete the a11y bus socket.
    XDG_RUNTIME_DIR: paths.runtime,
    XDG_CONFIG_HOME: join(paths.home, 'config'),
    XDG_CACHE_HOME: join(paths.home, 'cache'),
    XDG_DATA_HOME: join(paths.home, 'data'),
    XDG_STATE_HOME: join(paths.home, 'state'),
    // No dconf-service activation; X11 even where a Wayland socket would be found.
    GSETTINGS_BACKEND: 'memory',
    GDK_BACKEND: 'x11',
    // GTK4: AT-SPI backend explicitly, cairo rendering (no GL on Xvfb).
    GTK_A11Y: 'atspi',
    GSK_RENDERER: 'cairo',
    LIBGL_ALWAYS_SOFTWARE: '1',
    // Toolkits that only expose accessibility when asked (Chromium/Electron, Mozilla). Qt needs no
    // variable: it follows org.a11y.Status, which desktop up and the bridge set (a11yStatus.ts).
    ACCESSIBILITY_ENABLED: '1',
    GNOME_ACCESSIBILITY: '1',
    [DESKTOP_MARKER]: paths.tag ?? paths.dir,
  };
}
