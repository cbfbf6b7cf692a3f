/**
 * Screenshots (off by default): each window gets a `media` block pointing at a PNG in a private
 * temporary folder, refreshed whenever the window is re-read, plus a read-only `capture` action
 * for a fresh one on demand. The block's URL is stable per window, so pixels alone (a blinking
 * caret) never bump a version; the file is replaced atomically.
 */
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { Probe } from '../platform/probe.js';
import { requireWindow } from '../translate/commonActions.js';
import { defineAction } from '../translate/define.js';
import type { ActionDef, BlockDraft, WindowView } from '../translate/types.js';

export class ScreenshotStore {
  readonly dir = mkdtempSync(join(tmpdir(), 'gui-bridge-shots-'));
  readonly captureAction: ActionDef;

  constructor(private readonly probe: Probe) {
    this.captureAction = defineAction({
      name: 'capture',
      title: 'Capture screenshot',
      description: 'Takes a fresh screenshot of the window and returns its file:// URL (PNG).',
      kind: 'read',
      input: z.object({}),
      output: z.object({ url: z.string(), mimeType: z.string(), bytes: z.number().int() }),
      run: async (_args, ctx) => {
        const window = requireWindow(ctx);
        const shot = await this.write(window.winId, window.facts.nativeId);
        return { message: `Screenshot of window ${window.winId} taken.`, result: { ...shot, mimeType: 'image/png' } };
      },
    });
  }

  /** The view with a screenshot block and the capture action; unchanged when capture fails. */
  async decorate(view: WindowView, winId: string, nativeId: string, title: string): Promise<WindowView> {
    try {
      const { url } = await this.write(winId, nativeId);
      const media: BlockDraft = { type: 'media', id: 'screenshot', mimeType: 'image/png', url, alt: `Screenshot of the "${title}" window. ${view.summary}` };
      return { ...view, blocks: [...view.blocks, media], actions: [...view.actions, this.captureAction] };
    } catch {
      return view; // windows that cannot be captured (minimised, gone) simply have no screenshot
    }
  }

  close(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async write(winId: string, nativeId: string): Promise<{ url: string; bytes: number }> {
    if (!this.probe.capture) throw new Error('this platform cannot capture windows');
    const png = await this.probe.capture(nativeId);
    const path = join(this.dir, `${winId}.png`);
    writeFileSync(`${path}.tmp`, png, { mode: 0o600 });
    renameSync(`${path}.tmp`, path);
    return { url: pathToFileURL(path).href, bytes: png.length };
  }
}
