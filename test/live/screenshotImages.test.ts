/**
 * Screenshots for remote clients, live: with data: URLs (what HTTP and A2C serve) the
 * media block carries the pixels itself, and `capture` returns MCP image content; both are
 * decoded here and their size checked against the window and the configured maximum edge.
 */
import type { CallToolResult, ImageContent } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, test } from 'vitest';
import { decodePng, pngSize } from '../../src/util/pngDecode.js';
import { displayStack } from './helpers/desktop.js';
import { useLiveBridge } from './helpers/liveBridge.js';

const MAX_EDGE = 160;
const stack = displayStack(['gnome-calculator']);

function scaled(bounds: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(1, MAX_EDGE / Math.max(bounds.width, bounds.height));
  return { width: Math.max(1, Math.round(bounds.width * scale)), height: Math.max(1, Math.round(bounds.height * scale)) };
}

describe.skipIf(stack.skip)('--screenshots inline on a live desktop', () => {
  const live = useLiveBridge({
    desktop: { apps: ['gnome-calculator'] },
    probe: { capture: true },
    bridge: { screenshots: true, screenshotOptions: { urls: 'inline', maxEdge: MAX_EDGE, maxBytes: 500_000 } },
  });

  test('the media block is a data: URL of the window, downscaled to the maximum edge, with alt text', async () => {
    const window = await live.windowTitled(/^Calculator$/);
    const media = window.blocks.find((b) => b.type === 'media') as { url: string; mimeType: string; alt?: string } | undefined;
    expect(media?.mimeType).toBe('image/png');
    expect(media?.alt).toMatch(/^Screenshot of the "Calculator" window\./);
    const prefix = 'data:image/png;base64,';
    expect(media?.url.startsWith(prefix)).toBe(true);
    const png = Buffer.from((media?.url ?? '').slice(prefix.length), 'base64');
    const bounds = live.bridge.windows().find((w) => w.winId === window.id)?.facts.bounds as { width: number; height: number };
    expect(Math.max(bounds.width, bounds.height)).toBeGreaterThan(MAX_EDGE); // so the downscale is real
    const image = decodePng(png);
    expect({ width: image.width, height: image.height }).toEqual(scaled(bounds));
    expect(image.pixels.some((v, i) => i > 0 && v !== image.pixels[0])).toBe(true); // not blank
  });

  test('capture returns image content beside its structured result', async () => {
    const window = await live.windowTitled(/^Calculator$/);
    const result = (await live.client.call(`${window.id}__capture`)) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const [text, image] = result.content as [{ type: 'text'; text: string }, ImageContent];
    expect(JSON.parse(text.text)).toEqual(result.structuredContent);
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
    const png = Buffer.from(image.data, 'base64');
    const bounds = live.bridge.windows().find((w) => w.winId === window.id)?.facts.bounds as { width: number; height: number };
    expect(pngSize(png)).toEqual(scaled(bounds));
    const structured = (result.structuredContent as { result: Record<string, unknown> }).result;
    expect(structured).toEqual({ mimeType: 'image/png', ...scaled(bounds), bytes: png.length }); // no file:// URL for a remote client
  });
});
