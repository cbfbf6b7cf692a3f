/**
 * Window screenshots. The capturer holds Composite RedirectSubwindows(root, Automatic) for its
 * lifetime: every top-level then keeps its contents in an off-screen pixmap, so GetImage of a
 * window returns its own pixels even when other windows cover it.
 */
import { X11Error, type X11Connection } from '../x11/connection.js';
import { X_ERROR, type XGeometryReply, type XImageReply } from '../x11/xmodule.js';
import { encodePng } from './png.js';
import { zpixmapToRgb } from './pixels.js';

interface CompositeExtension {
  Redirect: { Automatic: number };
  RedirectSubwindows(window: number, update: number): void;
  UnredirectSubwindows(window: number): void;
}

const Z_PIXMAP = 2;
const ALL_PLANES = 0xffffffff;

export interface Screenshot {
  width: number;
  height: number;
  png: Buffer;
}

export class WindowCapturer {
  private released = false;

  private constructor(
    private readonly conn: X11Connection,
    private readonly composite: CompositeExtension,
  ) {}

  /** Starts redirection; windows repaint into their pixmaps within a few frames. */
  static async open(conn: X11Connection): Promise<WindowCapturer> {
    const composite = await conn.extension<CompositeExtension>('composite');
    composite.RedirectSubwindows(conn.root, composite.Redirect.Automatic);
    await conn.sync();
    return new WindowCapturer(conn, composite);
  }

  /** PNG of a window's client area. X11Error 'gone' when it no longer exists. */
  async captureWindow(xid: number): Promise<Screenshot> {
    const what = `window 0x${xid.toString(16)}`;
    const geometry = await this.conn.request<XGeometryReply>(`GetGeometry ${what}`, (cb) => this.conn.client.GetGeometry(xid, cb));
    return this.grab(xid, geometry.width, geometry.height, what);
  }

  /** PNG of the whole screen as shown (what a user sees). */
  async captureScreen(): Promise<Screenshot> {
    const screen = this.conn.display.screen[0];
    if (!screen) throw new X11Error('protocol', 'the X server reported no screen');
    return this.grab(this.conn.root, screen.pixel_width, screen.pixel_height, 'the screen');
  }

  release(): void {
    if (this.released || this.conn.isClosed) return;
    this.released = true;
    this.composite.UnredirectSubwindows(this.conn.root);
  }

  private async grab(drawable: number, width: number, height: number, what: string): Promise<Screenshot> {
    let image: XImageReply;
    try {
      image = await this.conn.request<XImageReply>(`GetImage ${what}`, (cb) =>
        this.conn.client.GetImage(Z_PIXMAP, drawable, 0, 0, width, height, ALL_PLANES, cb),
      );
    } catch (error) {
      // BadMatch: the window is not viewable (unmapped or minimized).
      if (error instanceof X11Error && error.xError === X_ERROR.BadMatch)
        throw new X11Error('protocol', `${what} is not viewable (unmapped or minimized)`, X_ERROR.BadMatch);
      throw error;
    }
    const format = this.conn.display.format[image.depth];
    if (!format) throw new X11Error('unsupported', `${what}: no pixmap format for depth ${image.depth}`);
    const pixels = zpixmapToRgb({ width, height, bitsPerPixel: format.bits_per_pixel, byteOrder: this.conn.display.image_byte_order, data: image.data });
    return { width, height, png: encodePng({ width, height, channels: 3, pixels }) };
  }
}
