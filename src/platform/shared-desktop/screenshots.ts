/**
 * Window screenshots for window-only mode: nut-js grabs the window's screen region into a private
 * temporary directory (mode 0700, removed on close). A file is named by its content hash, so an
 * unchanged picture keeps its URL (no version bump, P-CONC-1) and a changed one gets a new URL.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Rect } from '../probe.js';
import type { NutApi } from './nativeModules.js';

export interface Screenshot {
  url: string;
  png: Buffer;
}

export class ScreenshotStore {
  private dir: string | null = null;
  private readonly current = new Map<string, string>();
  private counter = 0;

  constructor(private readonly nut: NutApi) {}

  /** Grabs `bounds` (screen coordinates) as PNG; anything on top of the window is in it too. */
  async capture(nativeId: string, bounds: Rect): Promise<Screenshot> {
    if (bounds.width < 1 || bounds.height < 1) throw new Error('the window has no visible area');
    const dir = this.directory();
    const region = new this.nut.Region(Math.round(bounds.x), Math.round(bounds.y), Math.round(bounds.width), Math.round(bounds.height));
    const written = await this.nut.screen.captureRegion(`grab-${++this.counter}`, region, this.nut.FileType.PNG, dir);
    const png = readFileSync(written);
    const hash = createHash('sha256').update(png).digest('hex').slice(0, 16);
    const path = join(dir, `${safeName(nativeId)}-${hash}.png`);
    const previous = this.current.get(nativeId);
    if (previous === path) {
      rmSync(written, { force: true });
    } else {
      renameSync(written, path);
      if (previous) rmSync(previous, { force: true });
      this.current.set(nativeId, path);
    }
    return { url: pathToFileURL(path).href, png };
  }

  /** Drops the screenshot of a window that went away. */
  forget(nativeId: string): void {
    const path = this.current.get(nativeId);
    if (path) rmSync(path, { force: true });
    this.current.delete(nativeId);
  }

  close(): void {
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
    this.current.clear();
  }

  private directory(): string {
    // mkdtemp creates the directory with mode 0700: other users cannot read the pictures.
    this.dir ??= mkdtempSync(join(tmpdir(), 'gui-bridge-shots-'));
    return this.dir;
  }
}

function safeName(nativeId: string): string {
  return nativeId.replace(/[^A-Za-z0-9_-]/g, '_');
}
