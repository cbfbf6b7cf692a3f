/**
 * Application-level commands of GTK applications: GApplication exports its actions (app.*) as
 * `org.gtk.Actions` on the session bus, at the object path and unique name it writes on its X11
 * windows (`_GTK_APPLICATION_OBJECT_PATH`, `_GTK_UNIQUE_BUS_NAME`). These become `app__{action}`
 * tools: gedit's new-window or preferences work without touching any window.
 */
import type { AppActionInfo } from '../probe.js';
import { DbusLink } from './atspi/dbusLink.js';
import type { X11Connection } from './x11/connection.js';
import { readText } from './x11/properties.js';

const ACTIONS_IFACE = 'org.gtk.Actions';

export interface GtkAppEndpoint {
  busName: string;
  objectPath: string;
}

/** The session-bus endpoint a GTK application wrote on one of its windows, if any. */
export async function gtkEndpoint(conn: X11Connection, xid: number): Promise<GtkAppEndpoint | null> {
  const [busName, objectPath] = await Promise.all([
    readText(conn, xid, '_GTK_UNIQUE_BUS_NAME').catch(() => null),
    readText(conn, xid, '_GTK_APPLICATION_OBJECT_PATH').catch(() => null),
  ]);
  return busName && objectPath ? { busName, objectPath } : null;
}

/** Actions without a parameter and without a state: plain commands an agent can run. */
export function commandsOf(described: Record<string, unknown>): AppActionInfo[] {
  const commands: AppActionInfo[] = [];
  for (const [name, value] of Object.entries(described)) {
    if (!Array.isArray(value)) continue;
    const [enabled, parameterType, state] = value as [unknown, unknown, unknown];
    if (parameterType !== '' || (Array.isArray(state) && state.length > 0)) continue;
    commands.push({ name, label: labelOf(name), enabled: enabled === true });
  }
  // Action names are ASCII identifiers; localeCompare's first call loads ICU's collator (~9 ms of
  // a server's start-up).
  return commands.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** "new-window" → "New window". */
function labelOf(name: string): string {
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A lazily opened session-bus link for GAction calls. */
export class GtkActions {
  private link: Promise<DbusLink> | null = null;

  constructor(private readonly sessionAddress: string | undefined) {}

  async list(endpoint: GtkAppEndpoint): Promise<AppActionInfo[]> {
    const link = await this.open();
    const [described] = await link.call({ destination: endpoint.busName, path: endpoint.objectPath, interface: ACTIONS_IFACE, member: 'DescribeAll' }, 2000);
    return described && typeof described === 'object' ? commandsOf(described as Record<string, unknown>) : [];
  }

  async activate(endpoint: GtkAppEndpoint, name: string): Promise<void> {
    const link = await this.open();
    await link.call(
      { destination: endpoint.busName, path: endpoint.objectPath, interface: ACTIONS_IFACE, member: 'Activate', signature: 'sava{sv}', body: [name, [], {}] },
      5000,
    );
  }

  close(): void {
    void this.link?.then((l) => l.close()).catch(() => undefined);
    this.link = null;
  }

  private open(): Promise<DbusLink> {
    if (!this.sessionAddress) return Promise.reject(new Error('no session bus (DBUS_SESSION_BUS_ADDRESS is not set)'));
    if (!this.link) {
      this.link = DbusLink.open(this.sessionAddress, { hello: true, timeoutMs: 3000 });
      this.link.catch(() => (this.link = null));
    }
    return this.link;
  }
}
