/**
 * A hung application on both sessions: stopped with SIGSTOP, gedit
 * is "not responding" (its windows stay, never "exposes no accessibility"), other windows stay
 * readable, calls into it come back with a structured error, and once it runs again the notice goes. On
 * Wayland this also guards the application listing: one that misses the listing's deadline keeps
 * what it said last (two full CI runs lost gedit's windows while it was busy with a dialog).
 */
import { describe, expect, it } from 'vitest';
import { waitFor } from './helpers/desktop.js';
import { useSessionBridge } from './helpers/sessionBridge.js';
import { liveSessions } from './helpers/waylandStack.js';

type Structured = { code?: string; message?: string };

/** What a call into a hung application may end with (never a hang, never window_not_found). */
const HUNG_CODES = ['action_timeout', 'action_not_available'];

for (const { session, skip } of liveSessions(['gedit', 'zenity']))
  describe.skipIf(skip)(`a hung application (${session})`, () => {
    const live = useSessionBridge(session, ['gedit']);
    const pidOf = (name: string) => live.desktop.state.processes.find((p) => p.name.endsWith(`-${name}`))?.pid as number;
    const call = async (name: string, args: Record<string, unknown>) => (await live.client.call(name, args)).structuredContent as Structured;
    const geditNow = async (id: string) => (await live.client.snapshot()).windows.find((x) => x.id === id);

    it('is "not responding": its window stays, other windows stay readable, calls into it end with a structured error', async () => {
      const gedit = await live.windowTitled(/ - gedit$/);
      // Its document read first: until then set_text is not available (action_not_available), hung or not.
      await waitFor(async () => (await live.fieldsOf(gedit.id)).some((f) => f.label === 'Cursor'), 20_000);
      const pid = pidOf('gedit');
      process.kill(pid, 'SIGSTOP');
      try {
        // A refresh under way when the app stopped is cut at the read deadline (3 s) before the
        // call timeout (5 s) declares it not responding: the window may then be published without
        // its document for a while, and set_text is rightly refused as not available. Either way
        // the call comes back with a structured error instead of hanging.
        expect(HUNG_CODES).toContain((await call(`${gedit.id}__set_text`, { text: 'typed into a stopped app' })).code);
        const hung = await waitFor(async () => {
          const w = await geditNow(gedit.id);
          return w && JSON.stringify(w.blocks).includes('not responding') ? w : undefined;
        }, 20_000);
        expect(JSON.stringify(hung)).not.toMatch(/exposes no accessibility/);
        // Another application's new window is read in full meanwhile, and the hung one stays listed.
        await live.desktop.launch('zenity', ['--info', '--title=Meanwhile', '--text=still readable']);
        expect(JSON.stringify((await live.windowTitled(/^Meanwhile$/)).blocks)).toContain('still readable');
        expect(await geditNow(gedit.id)).toMatchObject({ title: gedit.title });
        // Known not to respond now: the next call also comes back at once with a structured error.
        expect(HUNG_CODES).toContain((await call(`${gedit.id}__set_text`, { text: 'again' })).code);
      } finally {
        process.kill(pid, 'SIGCONT');
      }
      // It answers again: the notice goes away.
      await waitFor(async () => {
        const w = await geditNow(gedit.id);
        return w && !JSON.stringify(w.blocks).includes('not responding') ? w : undefined;
      }, 30_000);
    }, 90_000);
  });
