/** ScrollWatch: a GTK 4 view's scroll value asked again after each read, for as long as the window is not read again; a moved value reads the window whole. */
import { afterEach, describe, expect, it } from 'vitest';
import { ScrollWatch } from '../../../src/platform/linux/atspi/scrollWatch.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let watch: ScrollWatch | undefined;
afterEach(() => watch?.clear());

describe('ScrollWatch', () => {
  it('keeps asking at its last delay while nothing moves, and reads the window once a value moved', async () => {
    const value = { now: 0, asked: 0 };
    const moved: string[] = [];
    watch = new ScrollWatch(
      { of: async () => (value.asked++, { max: 1000, value: value.now, holder: { bus: ':1.7', path: '/bar' } }) },
      (top) => moved.push(top),
      [5, 10],
    );
    watch.watchViews('w1', new Map([['view', 0]]));
    await sleep(80);
    expect(moved).toEqual([]);
    expect(value.asked).toBeGreaterThan(3); // past the last delay: still asking
    value.now = 1000; // a person scrolled: GTK said nothing
    await sleep(40);
    expect(moved).toEqual(['w1']);
    expect(watch.pending()).toEqual([]); // until the window's next read
  });

  it('watches nothing for a window without views, and forgets a window read again', () => {
    watch = new ScrollWatch({ of: async () => undefined }, () => undefined, [5]);
    watch.watchViews('w1', new Map());
    expect(watch.pending()).toEqual([]);
    watch.watchViews('w2', new Map([['view', 3]]));
    expect(watch.pending()).toEqual(['w2']);
    watch.forget('w2');
    expect(watch.pending()).toEqual([]);
  });
});
