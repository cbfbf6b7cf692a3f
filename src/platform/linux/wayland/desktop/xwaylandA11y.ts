/**
 * Qt apps on the Wayland desktop run through XWayland (no Qt Wayland plugin here). Qt 5's AT-SPI
 * bridge then connects to the accessibility bus it gets from `org.a11y.Bus` but never registers
 * with the registry (measured: featherpad and speedcrunch said Hello on the bus and sent no
 * Embed), so they were window-only. Given the bus address in the X root window's `AT_SPI_BUS`
 * property, as at-spi-bus-launcher publishes it on an X11 desktop, they register. Our buses are
 * not at-spi-bus-launcher, so the desktop publishes it on XWayland's root window itself (which
 * starts the lazy XWayland). It runs as the desktop's account: XWayland admits only that user.
 */
import { execFileSync } from 'node:child_process';
import { findExecutable } from '../../desktop/binaries.js';
import { runAs, type DesktopAccount } from './account.js';

const TIMEOUT_MS = 15_000;

/** Sets AT_SPI_BUS on the XWayland root window; false (nothing set) without xprop or XWayland. */
export function publishA11yBusOnXWayland(account: DesktopAccount, env: Record<string, string>): boolean {
  const xprop = findExecutable('xprop');
  if (!xprop || !env.DISPLAY || !env.AT_SPI_BUS_ADDRESS) return false;
  execFileSync(xprop, ['-display', env.DISPLAY, '-root', '-f', 'AT_SPI_BUS', '8s', '-set', 'AT_SPI_BUS', env.AT_SPI_BUS_ADDRESS], {
    env,
    timeout: TIMEOUT_MS,
    stdio: 'ignore',
    ...runAs(account),
  });
  return true;
}
