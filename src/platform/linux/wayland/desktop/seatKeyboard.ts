/**
 * The headless desktop's keyboard: sway's headless backend has no input devices, so its seat
 * has no keyboard until a virtual one appears, and every client binds its wl_keyboard only
 * then. A keyboard created just before keys are sent loses the first keys (clients have not
 * bound yet). Like a real seat, the desktop therefore holds one virtual keyboard for its whole
 * life, started with the compositor, stopped by pid: on sway the helper in `hold` mode (our US
 * keymap), on mutter a remote desktop session (gnomeKeyboard.ts).
 */
import { readFileSync } from 'node:fs';
import { requireExecutable } from '../../desktop/binaries.js';
import type { TrackedProcess } from '../../desktop/processes.js';
import { logTail, spawnTracked } from '../../desktop/spawn.js';
import { exitWatch, pollUntil } from '../../desktop/wait.js';
import { US_KEYMAP } from '../usKeymap.js';
import { findPython } from '../virtualKeyboard.js';
import { VIRTUAL_KEYBOARD_HELPER } from '../virtualKeyboardHelper.js';
import { runAs, type DesktopAccount } from './account.js';
import { gnomeKeyboardCommand } from './gnomeKeyboard.js';

const READY_TIMEOUT_MS = 15_000;

export type SeatKeyboardKind = 'wayland-protocol' | 'gnome-remote-desktop';

export async function startSeatKeyboard(
  account: DesktopAccount,
  logDir: string,
  env: Record<string, string>,
  track: (p: TrackedProcess) => void,
  kind: SeatKeyboardKind = 'wayland-protocol',
): Promise<void> {
  const command =
    kind === 'wayland-protocol'
      ? {
          command: findPython(env) ?? requireExecutable('python3'),
          args: ['-c', VIRTUAL_KEYBOARD_HELPER, 'hold'],
          env: { ...env, GUI_BRIDGE_KEYMAP: US_KEYMAP },
        }
      : { command: process.execPath, args: [...gnomeKeyboardCommand(), env.DBUS_SESSION_BUS_ADDRESS ?? ''], env };
  const keyboard = await spawnTracked({ name: 'seat-keyboard', ...command, logDir, ...runAs(account) });
  track(keyboard.process);
  const abort = exitWatch('the seat keyboard', keyboard.exited, () => logTail(keyboard.logFile));
  await pollUntil(async () => (readFileSync(keyboard.logFile, 'utf8').includes('ready') ? true : undefined), {
    what: 'the seat keyboard',
    timeoutMs: READY_TIMEOUT_MS,
    abort,
  });
}
