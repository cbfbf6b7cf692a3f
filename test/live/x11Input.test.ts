/**
 * Live: XTEST input into real GTK apps, read back through pyatspi (independent of our code).
 * Typing 45 characters incl. every shifted ASCII punctuation mark, characters missing from the
 * keyboard layout, chords (ctrl+a then typing replaces the text), and pointer clicks on a real
 * zenity button (its exit code says which button was hit).
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopProcessEnv } from '../../src/platform/linux/desktop/index.js';
import { InputError, XTestInput } from '../../src/platform/linux/input/index.js';
import { activateWindow, listWindows, X11Connection, type X11Window } from '../../src/platform/linux/x11/index.js';
import { displayStack, useDesktop, waitFor } from './helpers/desktop.js';
import { pyatspi } from './helpers/pyatspi.js';

const stack = displayStack(['gedit', 'zenity']);
/** 45 characters: letters, digits and all shifted punctuation of a US keyboard. */
const SHIFTED_TEXT = 'XTEST: Hello World 123! ~`@#$%^&*()_+{}|:"<>?';

describe.skipIf(stack.skip)('XTEST input on a live desktop', () => {
  const live = useDesktop({ apps: ['gedit'] });
  let conn: X11Connection;
  let input: XTestInput;
  let gedit: X11Window;

  const geditText = async () => (await pyatspi<{ text?: string; error?: string }>(live.desktop, 'focused-text', String(gedit.pid))).text;

  beforeAll(async () => {
    conn = await X11Connection.open(live.desktop.display);
    input = await XTestInput.open(conn);
    gedit = await waitFor(async () => (await listWindows(conn)).find((w) => w.title.endsWith('gedit')), 20_000);
  });

  afterAll(async () => {
    await input?.close();
    await conn?.close();
  });

  it('types 45 characters incl. all shifted punctuation exactly', async () => {
    expect(SHIFTED_TEXT).toHaveLength(45);
    expect((await activateWindow(conn, gedit.xid)).activated).toBe(true);
    await input.typeText(SHIFTED_TEXT);
    expect(await waitFor(async () => ((await geditText()) === SHIFTED_TEXT ? SHIFTED_TEXT : null), 10_000)).toBe(SHIFTED_TEXT);
  });

  it('replaces the text after ctrl+a, and types characters the layout lacks', async () => {
    const replacement = 'Grüße, café – 5 €, ✓ Ωμέγα';
    await activateWindow(conn, gedit.xid);
    await input.pressKeys(['ctrl+a']);
    await input.typeText(replacement);
    expect(await waitFor(async () => ((await geditText()) === replacement ? replacement : null), 10_000)).toBe(replacement);
  });

  it('presses named keys and chords: Return, BackSpace, ctrl+Home', async () => {
    await activateWindow(conn, gedit.xid);
    await input.pressKeys(['ctrl+a', 'BackSpace']);
    await input.typeText('one');
    await input.pressKeys(['Return']);
    await input.typeText('two');
    await input.pressKeys(['ctrl+Home']);
    await input.typeText('zero ');
    expect(await waitFor(async () => ((await geditText()) === 'zero one\ntwo' ? true : null), 10_000)).toBe(true);
  });

  it('rejects an unknown key name before pressing anything', async () => {
    await expect(input.pressKeys(['ctrl+a', 'ctrl+nosuchkey'])).rejects.toBeInstanceOf(InputError);
    await expect(input.pressKeys(['ctrl+a', 'ctrl+nosuchkey'])).rejects.toMatchObject({ code: 'invalid_key' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await geditText()).toBe('zero one\ntwo');
  });

  it('clicks a real button at its screen position', async () => {
    for (const [label, exitCode] of [
      ['Proceed', 0],
      ['Stop', 1],
    ] as const) {
      const zenity = spawn('zenity', ['--question', '--title=Click probe', '--text=Click a button', '--ok-label=Proceed', '--cancel-label=Stop'], {
        env: desktopProcessEnv(live.desktop.env),
        stdio: 'ignore',
      });
      const exited = new Promise<number | null>((resolve) => zenity.once('exit', (code) => resolve(code)));
      const extents = async () => {
        const box = await pyatspi<{ x?: number; y?: number; width?: number; height?: number }>(
          live.desktop,
          'extents',
          String(zenity.pid),
          'push button',
          label,
        );
        return box.width ? box : null;
      };
      await waitFor(extents, 20_000);
      // A new window may open behind the one the user is typing in (focus-stealing prevention):
      // bring it up first, as a real click on a window would.
      const window = await waitFor(async () => (await listWindows(conn)).find((w) => w.pid === zenity.pid), 10_000);
      expect((await activateWindow(conn, window.xid)).activated).toBe(true);
      // The window manager places a new window after it is mapped, and GTK learns its position
      // from the configure event that follows: on a busy machine the first extents read can
      // predate the move. Click only where two reads 300 ms apart agree.
      let previous = '';
      const button = await waitFor(async () => {
        const box = await extents();
        const key = JSON.stringify(box);
        const stable = box && key === previous;
        previous = key;
        if (!stable) await new Promise((resolve) => setTimeout(resolve, 300));
        return stable ? box : null;
      }, 20_000);
      await input.click(Math.round(button.x! + button.width! / 2), Math.round(button.y! + button.height! / 2));
      expect(await exited).toBe(exitCode);
    }
  }, 90_000);

  it('rejects a point off the screen', async () => {
    await expect(input.click(5000, 10)).rejects.toMatchObject({ code: 'invalid_point' });
    await expect(input.click(10, 10, 0)).rejects.toMatchObject({ code: 'invalid_point' });
  });
});
