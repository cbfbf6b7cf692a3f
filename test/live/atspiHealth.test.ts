/**
 * Live: the accessibility bus dies (killed by the pid the desktop recorded) and comes back.
 * Our connection must report health not ok, fail calls cleanly without crashing, reconnect by
 * itself once a bus is back, and register for events again. Applications that were connected
 * to the old bus are gone with it (AT-SPI toolkits do not move to a new bus); new ones appear.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AtspiAccess, type AtspiChange } from '../../src/platform/linux/atspi/index.js';
import { startA11yBus } from '../../src/platform/linux/desktop/buses.js';
import { desktopProcessEnv, openDesktop, type DesktopHandle } from '../../src/platform/linux/desktop/index.js';
import { terminateTree } from '../../src/platform/linux/desktop/processes.js';
import { addProcess, desktopPaths } from '../../src/platform/linux/desktop/state.js';
import { displayStack, waitFor } from './helpers/desktop.js';
import { FULL_BUDGET, waitForApp } from './atspiLive.js';

const stack = displayStack(['zenity']);

describe.skipIf(stack.skip)('AT-SPI connection health', () => {
  let desktop: DesktopHandle;
  let access: AtspiAccess;
  const changes: AtspiChange[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown): void => void unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    desktop = await openDesktop();
    access = await AtspiAccess.open({ env: desktop.env, backoff: { initialMs: 50, maxMs: 500 } });
    await access.connection.whenHealthy(10_000);
    access.events.on('change', (change) => changes.push(change));
  }, 60_000);

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await access?.close();
    await desktop?.stop();
  }, 30_000);

  it('reports the lost bus, fails calls cleanly, and reconnects when a bus is back', async () => {
    const before = await desktop.launch('zenity', ['--info', '--title=Before']);
    const app = await waitForApp(access, before.pid);

    const launcher = desktop.state.processes.find((p) => p.name === 'at-spi-bus-launcher');
    if (!launcher) throw new Error('the desktop recorded no at-spi-bus-launcher');
    await terminateTree(launcher);
    await waitFor(() => changes.some((c) => c.kind === 'health' && !c.ok), 10_000);
    expect(access.health.ok).toBe(false);
    await expect(access.listApplications()).rejects.toMatchObject({ code: 'disconnected' });
    await expect(access.readTree(app.topLevels[0]?.ref as string, FULL_BUDGET)).rejects.toMatchObject({ code: 'disconnected' });
    await expect(access.primitives.doAction(app.topLevels[0]?.ref as string, 'click')).rejects.toMatchObject({ code: 'disconnected' });

    // Bring a bus back the way the desktop started the first one (tracked: stopped with it).
    const env = desktopProcessEnv(desktop.env);
    const bus = await startA11yBus(desktopPaths(desktop.state.dir), env, (proc) => addProcess(desktop.state, proc));
    // Applications started from now on must find the new bus (its address has a new guid).
    desktop.state.env.AT_SPI_BUS_ADDRESS = bus.address;
    await access.connection.whenHealthy(20_000);
    expect(
      changes
        .filter((c) => c.kind === 'health')
        .map((c) => c.kind === 'health' && c.ok)
        .at(-1),
    ).toBe(true);

    changes.length = 0;
    const after = await desktop.launch('zenity', ['--info', '--title=After']);
    const newApp = await waitForApp(access, after.pid);
    const tree = await access.readTree(newApp.topLevels[0]?.ref as string, FULL_BUDGET);
    expect(tree.root.name).toBe('After');
    // The event registration was renewed on the new bus: the new application was announced.
    await waitFor(() => changes.some((c) => c.kind === 'apps'), 10_000);
    expect(unhandled).toEqual([]);
  }, 90_000);
});
