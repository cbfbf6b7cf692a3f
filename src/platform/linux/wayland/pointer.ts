/**
 * Pointer clicks on a Wayland session: the compositor's virtual pointer (virtualPointer.ts) at a
 * node's centre, placed on the output layout with the window's position from sway IPC (no
 * Wayland protocol tells a client where windows are). Offered only where both exist: a
 * compositor with zwlr_virtual_pointer_manager_v1 and sway's IPC socket (SWAYSOCK).
 */
import type { Rect } from '../../probe.js';
import { geometryOrigin, layoutPoint } from './clickPoint.js';
import { restingPoint } from './parking.js';
import { findView, swayLayout, swaySeatsHavePointer, swayWindows } from './swayIpc.js';
import { VirtualPointer } from './virtualPointer.js';

/** The window a node is in, as the pointer needs it. */
export interface ClickWindow {
  pid: number | null;
  title: string;
  /** An XWayland window: its clients' coordinates are already the layout's. */
  xwayland: boolean;
  /** The window accessible's extents and its direct children's (native windows: surface-relative). */
  frame(): Promise<{ frame: Rect; children: Rect[] }>;
}

export class WaylandPointer {
  private constructor(
    private readonly pointer: VirtualPointer,
    private readonly swaySocket: string,
    /** The seat had no pointer before ours: nobody else moves it, so it rests where it hovers nothing. */
    private readonly alone: boolean,
  ) {}

  static async open(interfaces: string[], socketPath: string, env: NodeJS.ProcessEnv): Promise<WaylandPointer | null> {
    if (!interfaces.includes('zwlr_virtual_pointer_manager_v1') || !env.SWAYSOCK) return null;
    // Asked before ours exists; unknown counts as a person's pointer, which is never moved.
    const alone = !(await swaySeatsHavePointer(env.SWAYSOCK).catch(() => true));
    const pointer = await VirtualPointer.open(socketPath).catch(() => null);
    if (!pointer) return null;
    const opened = new WaylandPointer(pointer, env.SWAYSOCK, alone);
    await opened.rest();
    return opened;
  }

  /** Clicks the centre of `node` (its extents as the toolkit reports them) in `window`, `count` times at once. */
  async click(window: ClickWindow, node: Rect, count = 1): Promise<void> {
    const [views, layout] = await Promise.all([swayWindows(this.swaySocket), swayLayout(this.swaySocket)]);
    const view = findView(views, window.pid, window.title);
    if (!view) throw new Error(`the compositor shows no window "${window.title}" to click in`);
    let origin = null;
    if (!window.xwayland) {
      const { frame, children } = await window.frame();
      origin = geometryOrigin(frame, children, view.content);
    }
    // It stays on what it clicked, as a person's would: a popup the click opened (a Qt combo box's
    // list) follows the pointer, and moving away would close it or change its choice (measured).
    await this.pointer.click(layoutPoint(node, view.content, origin), layout, count);
  }

  /** On a seat of its own, the new pointer starts on a corner no window covers (parking.ts). */
  private async rest(): Promise<void> {
    if (!this.alone) return;
    try {
      const [views, layout] = await Promise.all([swayWindows(this.swaySocket), swayLayout(this.swaySocket)]);
      const windows = views.map((view) => view.rect);
      const point = restingPoint(layout, windows);
      if (point) await this.pointer.move(point, layout);
    } catch {
      // the compositor is going away: nothing rests anywhere
    }
  }

  close(): void {
    this.pointer.close();
  }
}
