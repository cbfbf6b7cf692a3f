/**
 * Killing the accessibility bus mid-session. The server keeps running and says so (a
 * warn notice on the windows, a log line), reconnects when a bus is back, and applications that
 * register on the new bus appear.
 */
import { describe, expect, test } from 'vitest';
import { startA11yBus } from '../../src/platform/linux/desktop/buses.js';
import { desktopProcessEnv } from '../../src/platform/linux/desktop/index.js';
import { terminateTree } from '../../src/platform/linux/desktop/processes.js';
import { addProcess, desktopPaths } from '../../src/platform/linux/desktop/state.js';
import { displayStack, waitFor } from './helpers/desktop.js';
import { useLiveBridge } from './helpers/liveBridge.js';

const stack = displayStack(['zenity']);

describe.skipIf(stack.skip)('the bridge when the accessibility bus dies and comes back', () => {
  const live = useLiveBridge();

  test('keeps serving, warns, reconnects, and new apps appear', async () => {
    await live.desktop.launch('zenity', ['--info', '--title=Before', '--text=first']);
    const before = await live.windowTitled(/^Before$/);
    expect(JSON.stringify(before.blocks)).toContain('first');

    const launcher = live.desktop.state.processes.find((p) => p.name === 'at-spi-bus-launcher');
    expect(launcher).toBeDefined();
    await terminateTree(launcher!);
    const warned = await waitFor(async () => {
      const w = (await live.client.snapshot()).windows.find((x) => x.title === 'Before');
      return w?.blocks.some((b) => b.type === 'notice' && b.severity === 'warn' && /accessibility bus/.test(b.text)) ? w : undefined;
    }, 20_000);
    expect(warned.id).toBe(before.id); // the window stays: X11 still lists it
    expect(live.logs.some((l) => /accessibility bus is unavailable/.test(l))).toBe(true);
    const focus = await live.client.call(`${before.id}__focus`);
    expect(focus.structuredContent).toBeDefined(); // answered, structured, no crash

    const bus = await startA11yBus(desktopPaths(live.desktop.state.dir), desktopProcessEnv(live.desktop.env), (proc) => addProcess(live.desktop.state, proc));
    live.desktop.state.env.AT_SPI_BUS_ADDRESS = bus.address;
    await waitFor(() => live.logs.some((l) => /accessibility bus is back/.test(l)), 30_000);
    await live.desktop.launch('zenity', ['--info', '--title=After', '--text=second']);
    const after = await live.windowTitled(/^After$/, 30_000);
    expect(JSON.stringify(after.blocks)).toContain('second');
    expect(after.blocks.some((b) => b.type === 'notice' && /accessibility bus/.test(JSON.stringify(b)))).toBe(false);
  }, 120_000);
});
