/**
 * Screenshots, the one path for every platform: a window's picture (`Probe.capture`, PNG bytes)
 * becomes a `media` block, refreshed whenever the window is re-read, plus a read-only `capture`
 * action that returns a fresh one as MCP image content. With `--screenshots` every window gets
 * them; without, only window-only windows (their picture is all there is to see of them).
 * URLs, never the image itself in a read (a base64 PNG made every read of a small window 37 times
 * larger): `file://` into a private folder when every client is on this machine (stdio); over
 * HTTP a path on the server itself (`/media/…`, behind the same token and Host checks as /mcp,
 * served from memory and gone once the window's picture is renewed); a `data:` URL of the image
 * fitted to the size limits only where neither works (A2C, `--screenshots inline`). Pixels alone
 * (a blinking caret) never bump a readable window's version: its file URL is stable, and a media
 * or data URL is renewed only when the window's content changed. For a window-only window the
 * pixels are the content: its URL changes exactly when they do.
 */
import type * as Crypto from 'node:crypto';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { isWindowOnly, type A11yNode, type Probe } from '../platform/probe.js';
import { requireWindow } from '../translate/commonActions.js';
import { defineAction } from '../translate/define.js';
import type { ActionDef, BlockDraft, WindowView } from '../translate/types.js';
import { lazyBuiltin } from '../util/lazyBuiltin.js';
export { MEDIA_PATH } from '../util/mediaPath.js';
import { fitPng, type FitLimits } from './imageFit.js';

/** Only screenshots hash: loaded when the first one is taken. */
const crypto = lazyBuiltin<typeof Crypto>('node:crypto');

export interface ScreenshotOptions extends FitLimits {
  urls: 'file' | 'inline' | 'http';
  /** With `urls: 'http'`: the absolute URL of MEDIA_PATH on the HTTP server (`http://127.0.0.1:3000/media`). */
  mediaBase?: string;
}

export const DEFAULT_SCREENSHOT_OPTIONS: ScreenshotOptions = { urls: 'file', maxEdge: 1280, maxBytes: 1_000_000 };

/** Which windows get a screenshot: all (`--screenshots`), or only those whose content cannot be read. */
export type ScreenshotScope = 'all' | 'window-only';

export interface ShotTarget {
  winId: string;
  nativeId: string;
  title: string;
  /** The root of the window's tree: window-only roots always get a screenshot. */
  root: Pick<A11yNode, 'attributes'>;
  /** The tree was just read: take a new picture. Otherwise the last one is kept (no re-read, no new pixels). */
  fresh: boolean;
}

/** What a screenshot adds to a view. */
interface Decoration {
  blocks: BlockDraft[];
  actions: ActionDef[];
}

const MIME = 'image/png';

export class ScreenshotStore {
  readonly captureAction: ActionDef;
  private dirPath: string | undefined;
  private readonly inlineCache = new Map<string, { contentKey: string; url: string }>();
  /** urls 'http': each window's current picture by its file name (the last part of its URL). */
  private readonly served = new Map<string, { winId: string; png: Buffer }>();
  /** The decoration each window showed last, kept while its tree is not re-read. */
  private readonly last = new Map<string, Decoration>();
  /** The picture file of each window-only window (named by content). */
  private readonly contentFiles = new Map<string, string>();

  constructor(
    private readonly probe: Probe,
    private readonly options: ScreenshotOptions = DEFAULT_SCREENSHOT_OPTIONS,
    private readonly scope: ScreenshotScope = 'all',
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

  /**
   * The view with a screenshot block and the capture action, for the windows of this store's
   * scope. A window-only window whose picture cannot be taken gets a notice saying why instead;
   * any other window is simply left without a screenshot (minimised, gone).
   */
  async decorate(view: WindowView, target: ShotTarget): Promise<WindowView> {
    const pixelsAreContent = isWindowOnly(target.root);
    if (this.scope === 'window-only' && !pixelsAreContent) return view;
    const decoration = target.fresh ? await this.take(view, target, pixelsAreContent) : this.last.get(target.winId);
    if (!decoration) return view;
    this.last.set(target.winId, decoration);
    return { ...view, blocks: [...view.blocks, ...decoration.blocks], actions: [...view.actions, ...decoration.actions] };
  }

  private async take(view: WindowView, target: ShotTarget, pixelsAreContent: boolean): Promise<Decoration | undefined> {
    try {
      const url = await this.blockUrl(view, target, pixelsAreContent);
      // P-BLK-5: alt is always set, so a client that cannot show images still knows what it is.
      // The window's summary sits beside it in every read: repeating it cost every read its length.
      const alt = `Screenshot of the "${target.title || target.winId}" window.`;
      const media: BlockDraft = { type: 'media', id: 'screenshot', mimeType: MIME, url, alt };
      return { blocks: [media], actions: [this.captureAction] };
    } catch (error) {
      if (!pixelsAreContent) return undefined;
      const text = `No screenshot of this window: ${error instanceof Error ? error.message : String(error)}.`;
      return { blocks: [{ type: 'notice', id: 'screenshot', severity: 'warn', text }], actions: [] };
    }
  }

  /** A window went away: drop what was kept for it (its content-named picture too). */
  forget(winId: string): void {
    this.last.delete(winId);
    this.inlineCache.delete(winId);
    this.unserve(winId);
    const file = this.contentFiles.get(winId);
    if (file) rmSync(file, { force: true });
    this.contentFiles.delete(winId);
  }

  close(): void {
    if (this.dirPath) rmSync(this.dirPath, { recursive: true, force: true });
  }

  private async blockUrl(view: WindowView, target: ShotTarget, pixelsAreContent: boolean): Promise<string> {
    const { winId, nativeId } = target;
    if (pixelsAreContent) {
      const png = await this.grab(nativeId);
      if (this.options.urls === 'file') return this.writeContentFile(winId, png);
      return this.renewedUrl(winId, crypto().createHash('sha256').update(png).digest('hex'), async () => png);
    }
    if (this.options.urls === 'file') return this.writeFile(winId, await this.grab(nativeId));
    return this.renewedUrl(winId, JSON.stringify([view.summary, view.blocks]), () => this.grab(nativeId));
  }

  /** A media path or data: URL, renewed (and the picture taken) only when `contentKey` changes. */
  private async renewedUrl(winId: string, contentKey: string, png: () => Promise<Buffer>): Promise<string> {
    const cached = this.inlineCache.get(winId);
    if (cached && cached.contentKey === contentKey) return cached.url;
    const fitted = fitPng(await png(), this.options);
    const url = this.options.urls === 'http' ? this.serve(winId, fitted.png) : `data:${MIME};base64,${fitted.png.toString('base64')}`;
    this.inlineCache.set(winId, { contentKey, url });
    return url;
  }

  /** The picture now served under `name` (a file name under MEDIA_PATH), if any. */
  media(name: string): Buffer | undefined {
    return this.served.get(name)?.png;
  }

  /** Serves a window's new picture under a name of its own; its previous one is gone from now on. */
  private serve(winId: string, png: Buffer): string {
    if (!this.options.mediaBase) throw new Error('screenshots over HTTP need the media base URL');
    this.unserve(winId);
    // A random name: a URL cannot be guessed, and a new picture never reuses an old one's.
    const name = `${winId}-${crypto().randomBytes(6).toString('hex')}.png`;
    this.served.set(name, { winId, png });
    return `${this.options.mediaBase}/${name}`;
  }

  private unserve(winId: string): void {
    for (const [name, entry] of this.served) if (entry.winId === winId) this.served.delete(name);
  }

  /** A file named by its content: the same picture keeps its URL, a new one gets a new URL. */
  private writeContentFile(winId: string, png: Buffer): string {
    const hash = crypto().createHash('sha256').update(png).digest('hex').slice(0, 16);
    const path = join(this.dir, `${winId}-${hash}.png`);
    const previous = this.contentFiles.get(winId);
    if (previous !== path) {
      writeFileSync(`${path}.tmp`, png, { mode: 0o600 });
      renameSync(`${path}.tmp`, path);
      if (previous) rmSync(previous, { force: true });
      this.contentFiles.set(winId, path);
    }
    return pathToFileURL(path).href;
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
