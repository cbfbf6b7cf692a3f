/**
 * The headless GNOME desktop's keyboard. mutter's headless backend has no input devices, and a
 * remote desktop session creates its virtual keyboard only at its first key event; the seat's
 * keyboard capability appears then, every client binds its wl_keyboard, and keys sent before
 * that are lost (measured: gedit kept "(x+y)" of "Hello, World! (x+y)"). Like a real seat, the
 * desktop therefore holds one remote desktop session for its whole life, with one Shift tap to
 * create its keyboard. Runs as its own process (`node gnomeKeyboard.js SESSION_ADDRESS`),
 * started with mutter, stopped by pid; prints `ready` once the keyboard exists.
 */
import { RemoteDesktopKeyboard } from '../remoteDesktop.js';
import { isMainModule, nodeModuleCommand } from './nodeCommand.js';

export function gnomeKeyboardCommand(): string[] {
  return nodeModuleCommand(import.meta.url);
}

async function hold(sessionAddress: string): Promise<void> {
  const keyboard = await RemoteDesktopKeyboard.open(sessionAddress);
  if (!keyboard) throw new Error('org.gnome.Mutter.RemoteDesktop did not start a session');
  await keyboard.send({ keys: ['Shift_L'] });
  process.stdout.write('ready\n');
  // The session lives with this connection: keep the process (and so the keyboard) alive.
  setInterval(() => undefined, 1 << 30);
}

if (isMainModule(import.meta.url)) {
  const [sessionAddress] = process.argv.slice(2);
  if (!sessionAddress) {
    process.stderr.write('usage: gnomeKeyboard SESSION_ADDRESS\n');
    process.exit(2);
  }
  hold(sessionAddress).catch((error: unknown) => {
    process.stderr.write(`GNOME keyboard: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
