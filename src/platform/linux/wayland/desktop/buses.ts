/**
 * The session bus and the accessibility bus of a Wayland desktop: two dbus-daemons of our own
 * (not `--session` + at-spi-bus-launcher) because both must accept the desktop's account AND
 * the user who brought the desktop up (root waits on them, reads the registry, asks GTK for its
 * actions). Nothing is D-Bus-activated (no service directories): a request for an absent
 * service fails at once instead of starting daemons nobody tracks. Toolkits find the a11y bus
 * through AT_SPI_BUS_ADDRESS (libatspi, GTK4), or through org.a11y.Bus on the session bus, which
 * a small process of ours answers (a11yBusName.ts: Qt 5 asks only there).
 */
import { join } from 'node:path';
import { requireExecutable } from '../../desktop/binaries.js';
import { nameHasOwner } from '../../desktop/dbus.js';
import type { TrackedProcess } from '../../desktop/processes.js';
import { logTail, spawnTracked } from '../../desktop/spawn.js';
import { exitWatch, pollUntil } from '../../desktop/wait.js';
import { a11yBusNameCommand } from './a11yBusName.js';
import { runAs, type DesktopAccount } from './account.js';
import { writeUserFile, type UserDirs } from './userDir.js';

const READY_TIMEOUT_MS = 10_000;

/**
 * The limits at-spi2-core's accessibility.conf and the session bus's session.conf set. Without
 * them dbus-daemon's built-in ones apply, low enough that a tree read of a Qt 6 window (qt6ct)
 * failed with org.freedesktop.DBus.Error.LimitsExceeded (pending replies per connection).
 */
const LIMITS = {
  max_incoming_bytes: 1_000_000_000,
  max_outgoing_bytes: 1_000_000_000,
  max_message_size: 1_000_000_000,
  max_completed_connections: 100_000,
  max_incomplete_connections: 10_000,
  max_connections_per_user: 100_000,
  max_names_per_connection: 50_000,
  max_match_rules_per_connection: 50_000,
  max_replies_per_connection: 50_000,
  reply_timeout: 300_000,
};

function busConfig(extraUid: number): string {
  return `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <keep_umask/>
  <auth>EXTERNAL</auth>
  <listen>unix:tmpdir=/tmp</listen>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
    <allow user="${extraUid}"/>
  </policy>
${Object.entries(LIMITS)
  .map(([name, value]) => `  <limit name="${name}">${value}</limit>`)
  .join('\n')}
</busconfig>
`;
}

export interface WaylandBuses {
  session: string;
  a11y: string;
}

interface StartContext {
  account: DesktopAccount;
  dirs: UserDirs;
  logDir: string;
  env: Record<string, string>;
  track: (p: TrackedProcess) => void;
}

/** Session bus, accessibility bus, then the AT-SPI registry on it; each awaited by name. */
export async function startWaylandBuses(ctx: StartContext): Promise<WaylandBuses> {
  const config = join(ctx.dirs.root, 'bus.conf');
  writeUserFile(ctx.account, config, busConfig(typeof process.getuid === 'function' ? process.getuid() : 0));
  const session = `unix:path=${join(ctx.dirs.runtime, 'bus')}`;
  const a11y = `unix:path=${join(ctx.dirs.runtime, 'at-spi-bus')}`;
  await startBus(ctx, 'dbus-session', config, session);
  await startBus(ctx, 'dbus-a11y', config, a11y);
  const registry = await spawnTracked({
    name: 'at-spi2-registryd',
    command: requireExecutable('at-spi2-registryd'),
    args: [],
    env: { ...ctx.env, DBUS_SESSION_BUS_ADDRESS: session, AT_SPI_BUS_ADDRESS: a11y },
    logDir: ctx.logDir,
    ...runAs(ctx.account),
  });
  ctx.track(registry.process);
  await pollUntil(async () => ((await nameHasOwner(a11y, 'org.a11y.atspi.Registry')) ? true : undefined), {
    what: 'org.a11y.atspi.Registry on the accessibility bus',
    timeoutMs: READY_TIMEOUT_MS,
    abort: exitWatch('at-spi2-registryd', registry.exited, () => logTail(registry.logFile)),
  });
  const name = await spawnTracked({
    name: 'a11y-bus-name',
    command: process.execPath,
    args: [...a11yBusNameCommand(), session, a11y],
    env: ctx.env,
    logDir: ctx.logDir,
    ...runAs(ctx.account),
  });
  ctx.track(name.process);
  await pollUntil(async () => ((await nameHasOwner(session, 'org.a11y.Bus')) ? true : undefined), {
    what: 'org.a11y.Bus on the session bus',
    timeoutMs: READY_TIMEOUT_MS,
    abort: exitWatch('a11y-bus-name', name.exited, () => logTail(name.logFile)),
  });
  return { session, a11y };
}

async function startBus(ctx: StartContext, name: string, config: string, address: string): Promise<void> {
  const daemon = await spawnTracked({
    name,
    command: requireExecutable('dbus-daemon'),
    args: [`--config-file=${config}`, '--nofork', '--nopidfile', `--address=${address}`],
    env: ctx.env,
    logDir: ctx.logDir,
    ...runAs(ctx.account),
  });
  ctx.track(daemon.process);
  await pollUntil(async () => ((await nameHasOwner(address, 'org.freedesktop.DBus')) ? true : undefined), {
    what: `${name} at ${address}`,
    timeoutMs: READY_TIMEOUT_MS,
    abort: exitWatch(name, daemon.exited, () => logTail(daemon.logFile)),
  });
}
