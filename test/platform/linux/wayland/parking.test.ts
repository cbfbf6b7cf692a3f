import { describe, expect, it } from 'vitest';
import { restingPoint } from '../../../../src/platform/linux/wayland/parking.js';

const layout = { x: 0, y: 0, width: 1280, height: 800 };

describe('where the pointer rests on a seat of its own', () => {
  it('a corner of the layout that no window covers, the bottom right first', () => {
    const centred = { x: 265, y: 150, width: 750, height: 500 };
    expect(restingPoint(layout, [centred])).toEqual({ x: 1279, y: 799 });
    expect(restingPoint(layout, [centred, { x: 900, y: 600, width: 380, height: 200 }])).toEqual({ x: 0, y: 799 });
    expect(restingPoint(layout, [{ x: 0, y: 400, width: 1280, height: 400 }])).toEqual({ x: 1279, y: 0 });
  });

  it('none when windows cover all four corners (a maximised window): the pointer is left where it is', () => {
    expect(restingPoint(layout, [layout])).toBeNull();
  });

  it('on a layout of several outputs, its own corners', () => {
    expect(restingPoint({ x: -1280, y: 0, width: 2560, height: 800 }, [])).toEqual({ x: 1279, y: 799 });
  });
});
