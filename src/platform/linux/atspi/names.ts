/** Well-known D-Bus names, paths and interfaces of AT-SPI (at-spi2-core 2.46). */
export const A11Y_BUS = { name: 'org.a11y.Bus', path: '/org/a11y/bus', iface: 'org.a11y.Bus' } as const;
export const DBUS = { name: 'org.freedesktop.DBus', path: '/org/freedesktop/DBus', iface: 'org.freedesktop.DBus' } as const;

/** A method call to the message bus itself (NameHasOwner, AddMatch, GetConnectionUnixProcessID…). */
export function busDaemonCall(
  member: string,
  signature?: string,
  body?: unknown[],
): { destination: string; path: string; interface: string; member: string; signature?: string; body?: unknown[] } {
  return signature
    ? { destination: DBUS.name, path: DBUS.path, interface: DBUS.iface, member, signature, body }
    : { destination: DBUS.name, path: DBUS.path, interface: DBUS.iface, member };
}
export const REGISTRY_NAME = 'org.a11y.atspi.Registry';
export const REGISTRY_PATH = '/org/a11y/atspi/registry';
export const ROOT_PATH = '/org/a11y/atspi/accessible/root';
export const NULL_PATH = '/org/a11y/atspi/null';
export const CACHE_PATH = '/org/a11y/atspi/cache';

export const IFACE = {
  accessible: 'org.a11y.atspi.Accessible',
  action: 'org.a11y.atspi.Action',
  application: 'org.a11y.atspi.Application',
  component: 'org.a11y.atspi.Component',
  editableText: 'org.a11y.atspi.EditableText',
  registry: 'org.a11y.atspi.Registry',
  selection: 'org.a11y.atspi.Selection',
  table: 'org.a11y.atspi.Table',
  text: 'org.a11y.atspi.Text',
  value: 'org.a11y.atspi.Value',
  properties: 'org.freedesktop.DBus.Properties',
} as const;

/** Component.GetExtents coordinate types. */
export const COORD = { screen: 0, window: 1, parent: 2 } as const;
