/**
 * The hit rate of the Wayland owner rule (src/platform/linux/wayland/owners.ts) on a
 * live headless sway desktop. One GTK3 app with two windows, each opening a same-titled modal
 * "Settings" dialog attached to itself (test/live/fixtures/two_windows.py); an agent presses the
 * button of one window after (a) bringing it forward, (b) doing nothing, (c) bringing the OTHER
 * window forward. The reference, measured on the same presses: a rule that takes the window
 * the compositor shows focused (the usual desktop heuristic).
 */
import { join } from 'node:path';
import { waitFor } from '../test/live/helpers/desktop.js';
import { openWaylandBridge } from '../test/live/helpers/waylandStack.js';
import { swayWindows } from '../src/platform/linux/wayland/swayIpc.js';
import { table } from './stats.js';

const FIXTURE = join(import.meta.dirname, '..', 'test', 'live', 'fixtures', 'two_windows.py');
const ROUNDS = 4;
type Mode = 'opener focused' | 'nothing focused first' | 'other window focused';
const MODES: Mode[] = ['opener focused', 'nothing focused first', 'other window focused'];

const live = await openWaylandBridge([]);
const tally = new Map<Mode, { trials: number; rule: number; focusOnly: number }>(MODES.map((m) => [m, { trials: 0, rule: 0, focusOnly: 0 }]));
try {
  await live.desktop.launch('/usr/bin/python3', [FIXTURE]);
  const titled = (title: string) => waitFor(async () => (await live.client.snapshot()).windows.find((w) => w.title === title), 20_000);
  await titled('Beta window');
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of MODES) {
      for (const [openerTitle, otherTitle] of [
        ['Alpha window', 'Beta window'],
        ['Beta window', 'Alpha window'],
      ] as const) {
        const opener = await titled(openerTitle);
        const other = await titled(otherTitle);
        const target = mode === 'opener focused' ? opener : mode === 'other window focused' ? other : null;
        if (target) await live.client.call(`${target.id}__focus`);
        // What the compositor shows focused at the moment of the press (sway's own tree).
        const focused = (await swayWindows(live.desktop.env.SWAYSOCK ?? '')).find((w) => w.focused)?.title;
        await live.client.call(`${opener.id}__press`, { button: 'Open settings' });
        const dialog = await titled('Settings');
        const entry = tally.get(mode)!;
        entry.trials++;
        if (dialog.ownerId === opener.id) entry.rule++;
        if (focused === opener.title) entry.focusOnly++;
        await live.client.call(`${dialog.id}__press`, { button: 'Close' });
        await waitFor(async () => !(await live.client.snapshot()).windows.some((w) => w.title === 'Settings'), 10_000);
      }
    }
  }
} finally {
  await live.close();
}
const rows: Array<Record<string, string | number>> = [...tally].map(([mode, t]) => ({
  'how the agent pressed': mode,
  presses: t.trials,
  'owner rule right': `${t.rule}/${t.trials}`,
  'focus-only reference right': `${t.focusOnly}/${t.trials}`,
}));
const total = [...tally.values()].reduce((a, t) => ({ trials: a.trials + t.trials, rule: a.rule + t.rule, focusOnly: a.focusOnly + t.focusOnly }), {
  trials: 0,
  rule: 0,
  focusOnly: 0,
});
rows.push({
  'how the agent pressed': 'all',
  presses: total.trials,
  'owner rule right': `${total.rule}/${total.trials}`,
  'focus-only reference right': `${total.focusOnly}/${total.trials}`,
});
console.log('Wayland dialog owners (sway 1.7, GTK3, same-titled modals of two windows of one app)\n');
console.log(table(rows));
