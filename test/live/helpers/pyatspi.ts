/** Runs test/live/helpers/atspi_probe.py (pyatspi: an AT-SPI reader independent of our code). */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { desktopProcessEnv, type Desktop } from '../../../src/platform/linux/desktop/index.js';

const SCRIPT = fileURLToPath(new URL('./atspi_probe.py', import.meta.url));
/** The system interpreter: pyatspi is a Debian package (python3-pyatspi), not a pip one. */
const PYTHON = '/usr/bin/python3';

export function pyatspi<T>(desktop: Desktop, ...args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    execFile(PYTHON, [SCRIPT, ...args], { env: desktopProcessEnv(desktop.env), timeout: 20_000 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`atspi_probe ${args.join(' ')} failed: ${error.message} ${stderr}`));
      try {
        resolve(JSON.parse(stdout) as T);
      } catch {
        reject(new Error(`atspi_probe ${args.join(' ')}: not JSON: ${stdout.slice(0, 200)}`));
      }
    });
  });
}
