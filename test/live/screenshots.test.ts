/** Composite + GetImage → PNG; a media block per window and a capture action. */
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { structured } from '../helpers/demoServer.js';
import { displayStack } from './helpers/desktop.js';
import { useLiveBridge } from './helpers/liveBridge.js';

const stack = displayStack(['gnome-calculator']);

function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe.skipIf(stack.skip)('--screenshots on a live desktop', () => {
  const live = useLiveBridge({ desktop: { apps: ['gnome-calculator'] }, probe: { capture: true }, bridge: { screenshots: true } });

  test('each window has a media block with a private file:// PNG of its size, and a capture action', async () => {
    const window = await live.windowTitled(/^Calculator$/);
    const media = window.blocks.find((b) => b.type === 'media');
    expect(media).toMatchObject({ type: 'media', id: 'screenshot', mimeType: 'image/png', alt: expect.stringContaining('Calculator') });
    const path = fileURLToPath((media as { url: string }).url);
    const bounds = live.bridge.windows().find((w) => w.winId === window.id)?.facts.bounds;
    expect(pngSize(path)).toEqual({ width: bounds?.width, height: bounds?.height });
    expect(statSync(path).mode & 0o077).toBe(0); // readable by this user only

    const tool = (await live.client.client.listTools()).tools.find((t) => t.name === `${window.id}__capture`);
    expect(tool?.annotations?.readOnlyHint).toBe(true);
    const result = structured(await live.client.call(`${window.id}__capture`));
    expect(result.result).toMatchObject({ url: (media as { url: string }).url, mimeType: 'image/png', bytes: expect.any(Number) });
  });
});
