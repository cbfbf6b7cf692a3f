/**
 * Text from pixels with the real engine on a recorded picture (the Tk invoice form): blocks,
 * notice, summary and click_text for a window-only window; no capture at all for a window
 * without opaque regions; the engine runs again only when the pixels change; click_text refuses
 * ambiguous text with positions and clicks the centre of a unique match.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { PixelTextReader, type PixelTarget } from '../../src/bridge/pixelText.js';
import { OcrEngine } from '../../src/platform/ocr/engine.js';
import { WINDOW_ONLY, type A11yNode, type Probe } from '../../src/platform/probe.js';
import { BridgeError } from '../../src/protocol/errors.js';
import type { ActionContext, WindowFacts, WindowView } from '../../src/translate/types.js';
import { silentLogger } from '../../src/util/logger.js';

const FORM = readFileSync(new URL('../platform/ocr/fixtures/tk-invoice-form.png', import.meta.url));
let captures = 0;
const clicks: Array<{ x: number; y: number }> = [];
const probe = {
  capture: async () => {
    captures++;
    return FORM;
  },
  readBounds: async (refs: string[]) => refs.map(() => null),
  clickAt: async (_id: string, point: { x: number; y: number }) => void clicks.push(point),
} as unknown as Probe;

const facts = {
  winId: 'w1',
  nativeId: '0x1',
  title: 'Invoice Review',
  modal: false,
  bounds: { x: 0, y: 0, width: 420, height: 330 },
  app: { name: 'wish' },
} as unknown as WindowFacts;
const windowOnly: A11yNode = { ref: 'r', role: 'frame', name: '', states: [], children: [], attributes: { [WINDOW_ONLY.mode]: WINDOW_ONLY.value } };
const readable: A11yNode = {
  ref: 'r',
  role: 'frame',
  name: 'Invoice Review',
  states: ['showing'],
  children: [{ ref: 'b', role: 'push_button', name: 'OK', states: ['showing'], children: [] }],
};
const view: WindowView = { summary: 'Window "Invoice Review" of wish: its content cannot be read.', blocks: [], actions: [] };
const target = (root: A11yNode, fresh = true): PixelTarget => ({ facts, root, fresh });

describe('text from pixels in the bridge', () => {
  const reader = new PixelTextReader(probe, silentLogger);
  afterAll(() => reader.close());

  it('reads a window-only window: a notice with the confidence, the text block, the summary, click_text', async () => {
    const decorated = await reader.decorate(view, target(windowOnly));
    const text = decorated.blocks.find((b) => b.id === 'pixels-text');
    expect(text).toMatchObject({ type: 'text' });
    expect((text as { text: string }).text).toMatch(/Invoice total: 4821\.50/);
    expect((text as { text: string }).text).toMatch(/Approve +Reject/);
    expect(decorated.blocks.find((b) => b.id === 'pixels')).toMatchObject({
      type: 'notice',
      severity: 'info',
      text: expect.stringMatching(/mean confidence \d+%/),
    });
    expect(decorated.summary).toMatch(/cannot be read through accessibility; its text, read from pixels \(approximate\): "Customer: Harbour Supplies Ltd/);
    expect(decorated.actions.map((a) => a.name)).toEqual(['click_text']);
    expect(reader.shows('w1')).toBe(true);
  }, 60_000);

  it('runs the engine again only when the pixels change', async () => {
    const recognize = vi.spyOn(OcrEngine.prototype, 'recognize');
    const again = await reader.decorate(view, target(windowOnly));
    expect(recognize).not.toHaveBeenCalled();
    expect(again.blocks.some((b) => b.id === 'pixels-text')).toBe(true);
    recognize.mockRestore();
  });

  it('never captures a window without opaque regions', async () => {
    const before = captures;
    const decorated = await reader.decorate(view, target(readable));
    expect(decorated).toBe(view);
    expect(captures).toBe(before);
  });

  it('click_text refuses an ambiguous text with positions and clicks the centre of a unique one', async () => {
    await reader.decorate(view, target(windowOnly));
    const ctx = {
      window: { winId: 'w1', facts, version: 1 },
      probe,
      state: { window: () => ({ version: 1 }), windows: () => [] },
      waitFor: () => Promise.reject(new Error('no change')),
    } as unknown as ActionContext;
    const run = (args: { text: string; occurrence?: number }) => reader.clickText.run(args as never, ctx);
    const ambiguous = await run({ text: 'Details' }).catch((e: unknown) => e);
    expect(ambiguous).toBeInstanceOf(BridgeError);
    expect((ambiguous as BridgeError).code).toBe('validation_failed');
    expect((ambiguous as BridgeError).message).toMatch(/matches 2 places .*1: "Details" at \(\d+, 1[23]\d\); 2: "Details" at \(\d+, 1[56]\d\)/);
    expect(clicks).toEqual([]);

    const done = await run({ text: 'approve' });
    expect(done).toMatchObject({ result: { clicked: 'Approve', changed: false } });
    const [point] = clicks;
    // Inside the Approve button of the picture (x 117–203, y 192–219).
    expect(point!.x).toBeGreaterThan(117);
    expect(point!.x).toBeLessThan(203);
    expect(point!.y).toBeGreaterThan(192);
    expect(point!.y).toBeLessThan(219);
    await expect(run({ text: 'Archive' })).rejects.toMatchObject({ code: 'validation_failed' });
  }, 30_000);

  it('never reads what a password field covers inside an opaque region', async () => {
    const secretProbe = {
      capture: async () => FORM,
      // Screen extents: the whole form is a drawing area, the password field covers the total line.
      readBounds: async (refs: string[]) =>
        refs.map((ref) => (ref === 'area' ? { x: 0, y: 0, width: 420, height: 330 } : ref === 'pw' ? { x: 0, y: 30, width: 420, height: 26 } : null)),
    } as unknown as Probe;
    const root: A11yNode = {
      ref: 'r',
      role: 'frame',
      name: 'Invoice Review',
      states: ['showing'],
      children: [
        { ref: 'area', role: 'drawing_area', name: '', states: ['showing'], children: [] },
        { ref: 'pw', role: 'password_text', name: '', states: ['showing'], children: [], sensitive: true },
      ],
    };
    const secretReader = new PixelTextReader(secretProbe, silentLogger, undefined, true);
    try {
      const decorated = await secretReader.decorate(view, target(root));
      const text = (decorated.blocks.find((b) => b.id === 'pixels-drawing-area-1') as { text: string } | undefined)?.text ?? '';
      expect(text).toMatch(/Customer: Harbour Supplies Ltd/);
      expect(text).not.toMatch(/4821|Invoice total/);
    } finally {
      await secretReader.close();
    }
  }, 60_000);
});
