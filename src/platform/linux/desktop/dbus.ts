/**
 * The few D-Bus calls bringing up the accessibility bus needs. Only `NameHasOwner` is used to
 * wait: calling `org.a11y.Bus` before our launcher owns the name would make the session bus
 * activate a second launcher, and ours would exit (docs/linux-desktop-notes.md).
 */
import { DbusLink, type DbusCall } from '../atspi/dbusLink.js';
import { busDaemonCall } from '../atspi/names.js';

const CALL_TIMEOUT_MS = 3000;

/**
 * One method call on the bus at `address` over a short-lived connection, through the same D-Bus
 * link and codec as the AT-SPI client (one D-Bus stack).
 */
async function callOnce(address: string, call: DbusCall): Promise<unknown[]> {
  const link = await DbusLink.open(address, { hello: true, timeoutMs: CALL_TIMEOUT_MS });
  try {
    return await link.call(call);
  } finally {
    link.close();
  }
}

export async function nameHasOwner(address: string, name: string): Promise<boolean> {
  const [owned] = await callOnce(address, busDaemonCall('NameHasOwner', 's', [name]));
  return owned === true;
}

/** The accessibility bus address the launcher publishes on the session bus. */
export async function a11yBusAddress(sessionAddress: string): Promise<string> {
  const [address] = await callOnce(sessionAddress, { destination: 'org.a11y.Bus', path: '/org/a11y/bus', interface: 'org.a11y.Bus', member: 'GetAddress' });
  if (typeof address !== 'string' || !address) throw new Error('org.a11y.Bus.GetAddress returned no address');
  return address;
}

/**
 * org.a11y.Status IsEnabled and ScreenReaderEnabled = true, as a screen reader sets them:
 * Qt 5 and Qt 6 register their AT-SPI bridge only then, Chromium and Firefox build trees.
 */
export async function enableAccessibility(sessionAddress: string): Promise<void> {
  for (const name of ['IsEnabled', 'ScreenReaderEnabled']) {
    await callOnce(sessionAddress, {
      destination: 'org.a11y.Bus',
      path: '/org/a11y/bus',
      interface: 'org.freedesktop.DBus.Properties',
      member: 'Set',
      signature: 'ssv',
      body: ['org.a11y.Status', name, { signature: 'b', value: true }],
    });
  }
}
