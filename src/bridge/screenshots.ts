/**
 * Screenshots (off by default): each window gets a `media` block, refreshed whenever the window
 * is re-read, plus a read-only `capture` action that returns a fresh one as MCP image content.
 * URLs (issue 12): `file://` into a private folder only when every client is on this machine
 * (stdio); otherwise (HTTP, A2C, `--screenshots inline`) a `data:` URL of the image fitted to
 * the size limits. Pixels alone (a blinking caret) never bump a version: the file URL is stable,
 * and a data URL is renewed only when the window's content changed.
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
import { fitPng, type FitLimits } from './imageFit.js';

export interface ScreenshotOptions extends FitLimits {
  urls: 'file' | 'inline';
}

export const DEFAULT_SCREENSHOT_OPTIONS: ScreenshotOptions = { urls: 'file', maxEdge: 1280, maxBytes: 1_000_000 };

const MIME = 'image/png';

export class ScreenshotStore {
  readonly captureAction: ActionDef;
  private dirPath: string | undefined;
  private readonly inlineCache = new Map<string, { contentKey: string; url: string }>();

  constructor(
    private readonly probe: Probe,
    private readonly options: ScreenshotOptions = DEFAULT_SCREENSHOT_OPTIONS,
  ) {
    this.captureAction = defineAction({
      name: 'capture',
      title: 'Capture screenshot',
      description: `Takes a fresh screenshot of the window and returns it as an image (PNG, at most ${options.maxEdge} px on its longest edge).`,
      kind: 'read',
      input: z.object({}),
      output: z.object({
        mimeType: z.string(),
        width: z.number().int(),
        height: z.number().int(),
        bytes: z.number().int(),
        url: z.string().optional(),
      }),
      run: async (_args, ctx) => {
        const window = requireWindow(ctx);
        const png = await this.grab(window.facts.nativeId);
        const fitted = fitPng(png, this.options);
        // A file URL only where the client can open it; the pixels always travel as image content.
        const url = this.options.urls === 'file' ? this.writeFile(window.winId, png) : undefined;
        return {
          message: `Screenshot of window ${window.winId} (${fitted.width}×${fitted.height}).`,
          result: { mimeType: MIME, width: fitted.width, height: fitted.height, bytes: fitted.png.length, ...(url ? { url } : {}) },
          image: { mimeType: MIME, data: fitted.png },
        };
      },
    });
  }

  /** The private folder of file:// screenshots (created on first use). */
  get dir(): string {
    this.dirPath ??= mkdtempSync(join(tmpdir(), 'gui-bridge-shots-'));
    return this.dirPath;
  }

  /** The view with a screenshot block and the capture action; unchanged when capture fails. */
  async decorate(view: WindowView, winId: string, nativeId: string, title: string): Promise<WindowView> {
    try {
      const url = await this.blockUrl(view, winId, nativeId);
      // P-BLK-5: alt is always set, so a client that cannot show images still knows what it is.
      const alt = `Screenshot of the "${title || winId}" window. ${view.summary}`.trim();
      const media: BlockDraft = { type: 'media', id: 'screenshot', mimeType: MIME, url, alt };
      return { ...view, blocks: [...view.blocks, media], actions: [...view.actions, this.captureAction] };
    } catch {
      return view; // windows that cannot be captured (minimised, gone) simply have no screenshot
    }
  }

  close(): void {
    if (this.dirPath) rmSync(this.dirPath, { recursive: true, force: true });
  }

  private async blockUrl(view: WindowView, winId: string, nativeId: string): Promise<string> {
    if (this.options.urls === 'file') return this.writeFile(winId, await this.grab(nativeId));
    const contentKey = JSON.stringify([view.summary, view.blocks]);
    const cached = this.inlineCache.get(winId);
    if (cached && cached.contentKey === contentKey) return cached.url;
    const fitted = fitPng(await this.grab(nativeId), this.options);
    const url = `data:${MIME};base64,${fitted.png.toString('base64')}`;
    this.inlineCache.set(winId, { contentKey, url });
    return url;
  }

  private async grab(nativeId: string): Promise<Buffer> {
    if (!this.probe.capture) throw new Error('this platform cannot capture windows');
    return this.probe.capture(nativeId);
  }

  private writeFile(winId: string, png: Buffer): string {
    const path = join(this.dir, `${winId}.png`);
    writeFileSync(`${path}.tmp`, png, { mode: 0o600 });
    renameSync(`${path}.tmp`, path);
    return pathToFileURL(path).href;
  }
}
