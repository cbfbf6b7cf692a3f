/**
 * One screenshot path. The bridge's store decorates window-only windows always and every
 * window with --screenshots; it keeps a window's last picture while its tree is not re-read (no
 * special case in sync.ts), and for window-only windows the URL follows the pixels.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ScreenshotStore, type ShotTarget } from '../../src/bridge/screenshots.js';
import { WINDOW_ONLY, type Probe } from '../../src/platform/probe.js';
import type { WindowView } from '../../src/translate/types.js';
import { tinyPng } from '../platform/shared-desktop/fakes.js';

let pixel = 1;
let failing: string | null = null;
let grabs = 0;
const probe = {
  capture: async () => {
    grabs++;
    if (failing) throw new Error(failing);
    return tinyPng(pixel);
  },
} as unknown as Probe;

const stores: ScreenshotStore[] = [];
const store = (...args: [ConstructorParameters<typeof ScreenshotStore>[1], ConstructorParameters<typeof ScreenshotStore>[2]]) => {
  const made = new ScreenshotStore(probe, ...args);
  stores.push(made);
  return made;
};
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  pixel = 1;
  failing = null;
  grabs = 0;
});

const view: WindowView = { summary: 'A window.', blocks: [{ type: 'text', id: 'text', text: 'hello' }], actions: [] };
const readable = { attributes: {} };
const windowOnly = { attributes: { [WINDOW_ONLY.mode]: WINDOW_ONLY.value } };
const target = (root: ShotTarget['root'], fresh = true): ShotTarget => ({ winId: 'w1', nativeId: '0x1', title: 'Win', root, fresh });
const media = (v: WindowView) => v.blocks.find((b) => b.type === 'media');
const FILE = { urls: 'file' as const, maxEdge: 1280, maxBytes: 1_000_000 };
const INLINE = { ...FILE, urls: 'inline' as const };

describe('the one screenshot path', () => {
  it('without --screenshots, only window-only windows get a picture and the capture action', async () => {
    const shots = store(FILE, 'window-only');
    expect(await shots.decorate(view, target(readable))).toBe(view);
    const decorated = await shots.decorate(view, target(windowOnly));
    expect(media(decorated)).toMatchObject({ id: 'screenshot', mimeType: 'image/png', alt: expect.stringContaining('"Win"') });
    expect(decorated.actions.map((a) => a.name)).toEqual(['capture']);
  });

  it('keeps the last picture while the tree is not re-read, without taking a new one', async () => {
    const shots = store(FILE, 'all');
    const first = await shots.decorate(view, target(readable));
    const before = grabs;
    const kept = await shots.decorate(view, target(readable, false));
    expect(grabs).toBe(before);
    expect(media(kept)).toEqual(media(first));
    expect(kept.actions.map((a) => a.name)).toEqual(['capture']);
    shots.forget('w1');
    expect(await shots.decorate(view, target(readable, false))).toEqual(view);
  });

  it('a readable window keeps its URL when only pixels change; a window-only one gets a new URL', async () => {
    for (const options of [FILE, INLINE]) {
      const shots = store(options, 'all');
      const readableUrl = media(await shots.decorate(view, target(readable)));
      pixel = 2;
      expect(media(await shots.decorate(view, target(readable)))).toEqual(readableUrl);
      shots.forget('w1');
      const onlyBefore = media(await shots.decorate(view, target(windowOnly)));
      expect(media(await shots.decorate(view, target(windowOnly)))).toEqual(onlyBefore);
      pixel = 3;
      expect(media(await shots.decorate(view, target(windowOnly)))).not.toEqual(onlyBefore);
    }
  });

  it('a window-only window whose picture cannot be taken says why; a readable one just has none', async () => {
    const shots = store(FILE, 'all');
    failing = 'screen capture is off';
    expect(await shots.decorate(view, target(readable))).toEqual(view);
    const decorated = await shots.decorate(view, target(windowOnly));
    const text = 'No screenshot of this window: screen capture is off.';
    expect(decorated.blocks.at(-1)).toEqual({ type: 'notice', id: 'screenshot', severity: 'warn', text });
    expect(decorated.actions).toEqual([]);
  });
});
