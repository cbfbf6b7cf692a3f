/**
 * X11 applications without accessibility: xterm and xmessage (Xaw) map no AT-SPI
 * bridge, so their windows are served window-only at once (no "has not appeared yet" retries:
 * a11yLibraries.ts) with their title and a screenshot, and the keyboard reaches them: xterm runs
 * a typed command that writes a file, and still does after 50 full reads and 20 actions; Return
 * presses xmessage's default button. One desktop.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TREE_BUDGET } from '../../src/platform/probe.js';
import { displayStack, waitFor } from './helpers/desktop.js';
import { useLiveBridge } from './helpers/liveBridge.js';

const stack = displayStack(['xterm', 'xmessage']);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

describe.skipIf(stack.skip)('X11 applications without accessibility', () => {
  const live = useLiveBridge({ probe: { capture: true }, bridge: { screenshots: true } });
  const toolNames = async (id: string) => (await live.client.client.listTools()).tools.map((t) => t.name).filter((n) => n.startsWith(`${id}__`));

  it('xterm: window-only at once with title and screenshot; a typed command runs, also after 50 full reads and 20 actions', async () => {
    const xterm = await live.desktop.launch('xterm', ['-T', 'Plain Terminal', '-e', '/bin/sh']);
    try {
      const window = await live.windowTitled(/^Plain Terminal$/, 30_000);
      // Served window-only from its first listing on: its process maps no accessibility bridge.
      expect(window.summary).toMatch(/cannot be read/);
      expect(JSON.stringify(window.blocks)).toMatch(/exposes no accessibility information/);
      expect(JSON.stringify(window.blocks)).not.toMatch(/has not appeared yet/);
      const media = await waitFor(
        async () =>
          (await live.client.snapshot()).windows.find((w) => w.id === window.id)?.blocks.find((b) => b.type === 'media') as { url: string } | undefined,
        15_000,
      );
      expect(readFileSync(fileURLToPath(media.url)).subarray(0, 4)).toEqual(PNG);
      expect(await toolNames(window.id)).toEqual(
        expect.arrayContaining([`${window.id}__type_text`, `${window.id}__press_keys`, `${window.id}__focus`, `${window.id}__close`]),
      );

      const file = join(live.desktop.runtimeDir, 'xterm-typed.txt');
      const typed = await live.client.call(`${window.id}__type_text`, { text: `echo typed-into-xterm > ${file}` });
      expect(typed.isError, JSON.stringify(typed.structuredContent)).toBeFalsy();
      const pressed = await live.client.call(`${window.id}__press_keys`, { keys: ['Return'] });
      expect(pressed.isError, JSON.stringify(pressed.structuredContent)).toBeFalsy();
      expect(await waitFor(() => (existsSync(file) ? readFileSync(file, 'utf8') : null), 15_000)).toBe('typed-into-xterm\n');

      // Still running and answering after 50 full reads and 20 actions (the bar for every app).
      const native = (await live.probe.readTopology()).windows.find((w) => w.title === 'Plain Terminal');
      for (let read = 0; read < 50; read++) await live.probe.readTree(native!.nativeId, DEFAULT_TREE_BUDGET);
      for (let action = 0; action < 10; action++) {
        expect((await live.client.call(`${window.id}__type_text`, { text: `: ${action}` })).isError).toBeFalsy();
        expect((await live.client.call(`${window.id}__press_keys`, { keys: ['Return'] })).isError).toBeFalsy();
      }
      const after = join(live.desktop.runtimeDir, 'xterm-after.txt');
      await live.client.call(`${window.id}__type_text`, { text: `echo still-here > ${after}` });
      await live.client.call(`${window.id}__press_keys`, { keys: ['Return'] });
      expect(await waitFor(() => (existsSync(after) ? readFileSync(after, 'utf8') : null), 15_000)).toBe('still-here\n');
    } finally {
      await xterm.kill();
    }
  }, 90_000);

  it('xmessage (Xaw): window-only with its title; Return presses its default button', async () => {
    const xmessage = await live.desktop.launch('xmessage', [
      '-title',
      'Plain Message',
      '-buttons',
      'Later:3,Proceed:7',
      '-default',
      'Proceed',
      'Nothing to read here.',
    ]);
    const window = await live.windowTitled(/^Plain Message$/, 30_000);
    expect(JSON.stringify(window.blocks)).toMatch(/exposes no accessibility information/);
    const pressed = await live.client.call(`${window.id}__press_keys`, { keys: ['Return'] });
    expect(pressed.isError, JSON.stringify(pressed.structuredContent)).toBeFalsy();
    expect(await xmessage.exited).toBe(7);
    await waitFor(async () => !(await live.client.snapshot()).windows.some((w) => w.id === window.id), 10_000);
  }, 90_000);
});
