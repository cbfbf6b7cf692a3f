/**
 * A simulated user at the same gedit window: real keyboard input through XTEST on a connection of
 * its own (not the bridge's), and an independent reader (pyatspi) to see what gedit shows.
 */
import type { Desktop } from '../../../../src/platform/linux/desktop/index.js';
import { XTestInput } from '../../../../src/platform/linux/input/index.js';
import { activateWindow, listWindows, X11Connection } from '../../../../src/platform/linux/x11/index.js';
import { waitFor } from '../../helpers/desktop.js';
import { pyatspi } from '../../helpers/pyatspi.js';

export class SimulatedUser {
  private constructor(
    private readonly desktop: Desktop,
    private readonly conn: X11Connection,
    private readonly input: XTestInput,
  ) {}

  static async at(desktop: Desktop): Promise<SimulatedUser> {
    const conn = await X11Connection.open(desktop.display);
    return new SimulatedUser(desktop, conn, await XTestInput.open(conn));
  }

  /** Brings the window titled like `title` to the front, then presses keys and types, as a person would. */
  async type(title: RegExp, keys: string[], text: string): Promise<number> {
    const window = await waitFor(async () => (await listWindows(this.conn)).find((w) => title.test(w.title)), 10_000);
    await activateWindow(this.conn, window.xid);
    await this.input.pressKeys(keys);
    await this.input.typeText(text);
    return window.pid ?? 0;
  }

  /** What gedit's focused text shows, read by pyatspi (independent of the bridge). */
  async textOf(pid: number): Promise<string> {
    return (await pyatspi<{ text?: string }>(this.desktop, 'focused-text', String(pid))).text ?? '';
  }

  async close(): Promise<void> {
    await this.input.close();
    await this.conn.close();
  }
}
