/**
 * The virtual pointer (zwlr_virtual_pointer_v1) over the pure-JS Wayland wire, against a
 * scripted compositor: one pointer for the default seat, a click as an absolute move in the
 * output layout, a left press and release, each followed by `frame`; and the geometry that
 * places a node of a native or an XWayland window on the layout.
 */
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { geometryOrigin, layoutPoint } from '../../../../src/platform/linux/wayland/clickPoint.js';
import { absoluteMotion, VirtualPointer } from '../../../../src/platform/linux/wayland/virtualPointer.js';
import { fakeCompositor } from './fakeCompositor.js';

describe('virtual pointer over the Wayland wire', () => {
  const cleanups: Array<() => void> = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it('creates one pointer on the default seat and clicks as move, frame, press, frame, release, frame (twice for a double-click)', async () => {
    const requests: string[] = [];
    let pointer = -1;
    const fake = fakeCompositor(['wl_seat', 'zwlr_virtual_pointer_manager_v1'], (_socket, request, bound) => {
      const manager = bound.get('zwlr_virtual_pointer_manager_v1');
      if (request.object === 2) return;
      if (request.object === manager && request.opcode === 0) {
        requests.push(`create seat=${request.args.uint()}`);
        pointer = request.args.uint();
      } else if (request.object === pointer) {
        const words: number[] = [];
        if (request.opcode === 1) {
          request.args.uint(); // time
          for (let i = 0; i < 4; i++) words.push(request.args.uint());
        } else if (request.opcode === 2) {
          request.args.uint();
          words.push(request.args.uint(), request.args.uint());
        }
        requests.push([['', 'motion_absolute', 'button', '', 'frame', '', '', '', 'destroy'][request.opcode], ...words].join(' '));
      }
    });
    cleanups.push(
      () => fake.server.close(),
      () => rmSync(fake.dir, { recursive: true, force: true }),
    );
    const device = await VirtualPointer.open(fake.path);
    expect(device).not.toBeNull();
    await device!.click({ x: 650, y: 410 }, { x: 0, y: 0, width: 1280, height: 800 });
    await device!.click({ x: 20, y: 30 }, { x: 0, y: 0, width: 1280, height: 800 }, 2);
    device!.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const click = ['button 272 1', 'frame', 'button 272 0', 'frame'];
    expect(requests).toEqual([
      'create seat=0',
      'motion_absolute 650 410 1280 800',
      'frame',
      ...click,
      // A double-click: one move, two presses and releases.
      'motion_absolute 20 30 1280 800',
      'frame',
      ...click,
      ...click,
      'destroy',
    ]);
  });

  it('is null where the compositor offers no virtual pointer', async () => {
    const fake = fakeCompositor(['wl_seat'], () => undefined);
    cleanups.push(
      () => fake.server.close(),
      () => rmSync(fake.dir, { recursive: true, force: true }),
    );
    expect(await VirtualPointer.open(fake.path)).toBeNull();
  });

  it('maps layout points to the absolute axes, and refuses points off the screen', () => {
    expect(absoluteMotion({ x: 1300, y: 20 }, { x: 1280, y: 0, width: 2560, height: 800 })).toEqual({ x: 20, y: 20, xExtent: 2560, yExtent: 800 });
    expect(() => absoluteMotion({ x: 1280, y: 10 }, { x: 0, y: 0, width: 1280, height: 800 })).toThrow(/outside the screen/);
  });
});

describe('click points on a Wayland layout', () => {
  // gedit 43 (GTK 3, client-side decorations) on sway 1.7, as measured: the frame covers the
  // surface with its shadows, the header bar and content cover the 900×747 window geometry.
  const content = { x: 190, y: 26, width: 900, height: 747 };
  const frame = { x: 0, y: 0, width: 952, height: 799 };
  const children = [
    { x: 26, y: 23, width: 900, height: 47 },
    { x: 26, y: 70, width: 900, height: 700 },
    { x: -2147483648, y: -2147483648, width: 1, height: 1 },
  ];

  it('finds the window geometry inside a GTK 3 surface with uneven shadows', () => {
    expect(geometryOrigin(frame, children, content)).toEqual({ x: 26, y: 23 });
    // "New" in the header bar at 146,23 36×46 (surface coordinates).
    expect(layoutPoint({ x: 146, y: 23, width: 36, height: 46 }, content, { x: 26, y: 23 })).toEqual({ x: 190 + 146 + 18 - 26, y: 26 + 46 - 23 });
  });

  it('takes a frame as large as the geometry as it is (GTK 4, no shadows), and splits unknown shadows evenly', () => {
    expect(geometryOrigin({ x: 0, y: 0, width: 360, height: 489 }, [], { x: 460, y: 169, width: 360, height: 489 })).toEqual({ x: 0, y: 0 });
    expect(geometryOrigin({ x: 0, y: 0, width: 420, height: 320 }, [{ x: 5, y: 5, width: 10, height: 10 }], { x: 0, y: 0, width: 400, height: 300 })).toEqual({
      x: 10,
      y: 10,
    });
  });

  it('uses XWayland coordinates as they are, and refuses hidden nodes and nodes outside the window', () => {
    const qt = { x: 290, y: 150, width: 700, height: 500 };
    expect(layoutPoint({ x: 292, y: 599, width: 555, height: 23 }, qt, null)).toEqual({ x: 570, y: 611 });
    expect(() => layoutPoint({ x: -2147483648, y: -2147483648, width: 1, height: 1 }, qt, null)).toThrow(/not on screen/);
    expect(() => layoutPoint({ x: 290, y: 700, width: 20, height: 20 }, qt, null)).toThrow(/outside its window/);
  });
});
