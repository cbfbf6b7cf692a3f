/**
 * Screenshots on Wayland: wlroots screencopy through `grim`, cropped to the window's rectangle,
 * which only the compositor knows (sway IPC). Without grim or a rectangle source (GNOME, KDE)
 * there is no capture, so windows have no media block.
 */
import { execFile } from 'node:child_process';
import { findExecutable } from '../desktop/binaries.js';
import { findView, swayWindows } from './swayIpc.js';

const TIMEOUT_MS = 10_000;

export class GrimCapture {
  private constructor(
    private readonly grim: string,
    private readonly swaySocket: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  static find(interfaces: string[], env: NodeJS.ProcessEnv): GrimCapture | null {
    if (!interfaces.includes('zwlr_screencopy_manager_v1') || !env.SWAYSOCK) return null;
    const grim = findExecutable('grim', env.PATH ?? process.env.PATH ?? '');
    return grim ? new GrimCapture(grim, env.SWAYSOCK, env) : null;
  }

  /** PNG of the window of process `pid` titled `title` (sway's rectangle, content only). */
  async capture(pid: number | null, title: string): Promise<Buffer> {
    // No pid (a window only the compositor knows): by title alone.
    const match = findView(await swayWindows(this.swaySocket), pid, title);
    if (!match) throw new Error(`the compositor shows no window "${title}" to capture`);
    const { x, y, width, height } = match.rect;
    return new Promise((resolve, reject) => {
      execFile(
        this.grim,
        ['-t', 'png', '-g', `${x},${y} ${width}x${height}`, '-'],
        { env: this.env, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024, timeout: TIMEOUT_MS },
        (error, stdout, stderr) => {
          if (error) reject(new Error(`grim failed: ${stderr.toString().trim() || error.message}`));
          else resolve(stdout);
        },
      );
    });
  }
}
