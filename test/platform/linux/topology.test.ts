/** buildTopology on the recorded desktop: apps named, windows paired, the unpairable still served. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AtspiApplication } from '../../../src/platform/linux/atspi/apps.js';
import type { AtspiTopLevel } from '../../../src/platform/linux/correlate.js';
import { buildTopology } from '../../../src/platform/linux/topology.js';
import type { X11Window } from '../../../src/platform/linux/x11/windows.js';

interface Recording {
  windows: X11Window[];
  toplevels: AtspiTopLevel[];
}
const recording = JSON.parse(readFileSync(new URL('./fixtures/correlate-desktop.json', import.meta.url), 'utf8')) as Recording;

/** The recorded top-levels grouped as AT-SPI applications, one per pid. */
function appsOf(toplevels: AtspiTopLevel[]): AtspiApplication[] {
  const pids = [...new Set(toplevels.map((t) => t.pid))];
  return pids.map((pid, i) => ({
    bus: `:1.${i + 10}`,
    ref: `:1.${i + 10}/org/a11y/atspi/accessible/root`,
    pid,
    name: `app-${pid}`,
    toolkit: { name: 'GTK', version: '3' } as AtspiApplication['toolkit'],
    topLevels: toplevels.filter((t) => t.pid === pid),
  }));
}

describe('buildTopology', () => {
  const apps = appsOf(recording.toplevels);

  it('gives every window its AT-SPI application and ref, and apps their GTK ids', () => {
    const topology = buildTopology(recording.windows, apps, new Map([[':1.10', [{ name: 'new-window', label: 'New window', enabled: true }]]]));
    expect(topology.windows.every((w) => w.ref !== null)).toBe(true);
    const gedit = topology.windows.find((w) => w.native.title.endsWith('gedit'));
    const app = topology.apps.find((a) => a.key === gedit?.native.appKey);
    expect(app?.id).toBe('org.gnome.gedit');
    expect(topology.apps.find((a) => a.key === ':1.10')?.actions).toHaveLength(1);
    for (const w of topology.windows) expect(topology.nativeOfRef.get(w.ref as string)).toBe(w.native.nativeId);
  });

  it('serves a window no accessible matches as an application of its own process', () => {
    const topology = buildTopology(recording.windows, []);
    expect(topology.windows.every((w) => w.ref === null)).toBe(true);
    const first = topology.windows[0]!;
    expect(first.native.appKey).toBe(`pid:${first.x11.pid}`);
    expect(topology.apps.find((a) => a.key === first.native.appKey)?.id).toBe(first.x11.gtkApplicationId ?? first.x11.wmClass?.className);
  });

  it('names an untitled window (GTK3 message dialogs) by its accessible name', () => {
    const dialog = recording.windows.find((w) => w.title === 'Twin dialog') as X11Window;
    const untitled = recording.windows.map((w) => (w === dialog ? { ...w, title: '', netWmName: null, wmName: null } : w));
    const topology = buildTopology(untitled, apps);
    expect(topology.windows.find((w) => w.native.nativeId === dialog.nativeId)?.native.title).toBe('Information');
  });

  it('leaves hidden windows out', () => {
    const hidden = recording.windows.map((w, i) => (i === 0 ? { ...w, hidden: true } : w));
    expect(buildTopology(hidden, apps).windows).toHaveLength(recording.windows.length - 1);
  });
});
