/**
 * Turning accessibility on the way assistive technologies do: Orca sets `org.a11y.Status`
 * `IsEnabled` and `ScreenReaderEnabled` on the session bus's `org.a11y.Bus`. Qt (5 and 6) only
 * registers its AT-SPI bridge when one of them is true (or QT_LINUX_ACCESSIBILITY_ALWAYS_ON is
 * set), Chromium/Electron and Firefox build their trees only then. Toolkits watch the
 * properties, so running Qt apps register at once; see docs/toolkits.md for apps that must be
 * restarted. The values are left on when the bridge exits: another client may rely on them.
 */
import type { DbusLink } from './dbusLink.js';
import { A11Y_BUS } from './names.js';

export const STATUS_IFACE = 'org.a11y.Status';
export const STATUS_PROPERTIES = ['IsEnabled', 'ScreenReaderEnabled'] as const;

/** Sets both properties to true where they are not yet; returns the ones it changed. Never throws. */
export async function enableA11yStatus(session: DbusLink): Promise<string[]> {
  const changed: string[] = [];
  for (const name of STATUS_PROPERTIES) {
    try {
      const target = { destination: A11Y_BUS.name, path: A11Y_BUS.path, interface: 'org.freedesktop.DBus.Properties' };
      const [current] = await session.call({ ...target, member: 'Get', signature: 'ss', body: [STATUS_IFACE, name], noAutoStart: true });
      if (unwrapBool(current)) continue;
      await session.call({ ...target, member: 'Set', signature: 'ssv', body: [STATUS_IFACE, name, { signature: 'b', value: true }], noAutoStart: true });
      changed.push(name);
    } catch {
      // An old launcher without org.a11y.Status: toolkits then rely on their own switches.
    }
  }
  return changed;
}

function unwrapBool(value: unknown): boolean {
  if (value && typeof value === 'object' && 'value' in value) return (value as { value: unknown }).value === true;
  return value === true;
}
