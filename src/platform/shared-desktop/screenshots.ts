/**
 * Window pictures for Windows and macOS: nut-js grabs the window's screen region as PNG bytes, the
 * platform side of `Probe.capture`. nut-js can only write the grab to a file, so it goes through a
 * private temporary directory (mode 0700) and is deleted at once. What becomes of the picture (a
 * media block, a capture result, its URL) is decided in one place, bridge/screenshots.ts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Rect } from '../probe.js';
import type { NutApi } from './nativeModules.js';

export class RegionGrabber {
  private dir: string | null = null;
  private counter = 0;

  constructor(private readonly nut: NutApi) {}

  /** Grabs `bounds` (screen coordinates) as PNG; anything on top of the window is in it too. */
  async grab(bounds: Rect): Promise<Buffer> {
    if (bounds.width < 1 || bounds.height < 1) throw new Error('the window has no visible area');
    const region = new this.nut.Region(Math.round(bounds.x), Math.round(bounds.y), Math.round(bounds.width), Math.round(bounds.height));
    const written = await this.nut.screen.captureRegion(`grab-${++this.counter}`, region, this.nut.FileType.PNG, this.directory());
    try {
      return readFileSync(written);
    } finally {
      rmSync(written, { force: true });
    }
  }

  close(): void {
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
  }

  private directory(): string {
    // mkdtemp creates the directory with mode 0700: other users cannot read the pictures.
    this.dir ??= mkdtempSync(join(tmpdir(), 'gui-bridge-grabs-'));
    return this.dir;
  }
}
