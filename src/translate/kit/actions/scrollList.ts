/**
 * `scroll_list {list, item}`: brings item number `item` of a view that creates its items only near
 * the screen (GTK 4's list and grid views on a long model: only the items on screen are listed)
 * on screen, as a person drags its scroll bar, and answers with the items on screen then. It is
 * the only way to page through such a view: `load_rows` reads without scrolling, and these items
 * do not exist until scrolled to. It changes what the person sees, so it is a tool of its own,
 * answered only once the state lists the item (read back, never assumed).
 */
import { z } from 'zod';
import { BridgeError } from '../../../protocol/errors.js';
import { defineAction } from '../../define.js';
import type { StateReader } from '../../types.js';
import type { Collection } from '../model.js';
import { rowTopOf } from '../../../util/rowGrid.js';
import { aboutCount, scrollGeometry, type NearScreenCollection, type ScrollGeometry } from '../nearScreen.js';
import { readWindow, type GenericReading } from '../reading.js';
import { found, live, namesEnum, settled } from './shared.js';

/** How long the view has to show the item (the bridge reads such a view again within 2 s of a scroll). */
const SHOW_MS = 10_000;

const nearScreen = (collections: Collection[]): NearScreenCollection[] =>
  collections.filter((c): c is NearScreenCollection => c.about !== undefined && scrollGeometry(c.node) !== undefined);

const listNamed = (collections: Collection[], label: string) => nearScreen(collections).find((c) => c.label === label);

/** The item labels a collection lists (a list's only cell, a table row's first). */
const labelsOf = (c: Collection): string[] => c.rows.map((row) => String(row[0] ?? ''));

export const scrollListAction = defineAction({
  name: 'scroll_list',
  title: 'Scroll a list',
  description:
    'Scrolls a list that lists only the items on screen (its notice says which, of how many) until item number `item` is on screen, as dragging its scroll bar does; answers with the items on screen then.',
  kind: 'write',
  idempotent: true,
  timeoutMs: SHOW_MS + 5000,
  input: (_view, { generic }: GenericReading) =>
    z.object({
      list: namesEnum(nearScreen(generic.collections).map((c) => c.label)),
      item: z.number().int().min(1).describe('The item to bring on screen, counted from 1 as the notice counts them.'),
    }),
  output: z.object({ items: z.array(z.string()), first: z.number().int(), about: z.string() }),
  available: (_view, { generic }: GenericReading) => nearScreen(generic.collections).length > 0,
  async run(args, ctx) {
    const { window, reading } = live(ctx);
    const list = found(listNamed(reading.collections, args.list), `The list "${args.list}"`);
    const count = aboutCount(list.about);
    if (args.item > list.about.atMost) {
      throw new BridgeError('validation_failed', `${args.list} holds ${count} items: there is no item ${args.item}.`, {
        fields: [{ field: 'item', error: `at most ${list.about.atMost}` }],
      });
    }
    const index = args.item - 1;
    const shows = (c: Collection | undefined) => c !== undefined && c.offset <= index && index < c.offset + c.rows.length;
    if (!shows(list)) {
      const geometry = scrollGeometry(list.node) as ScrollGeometry;
      // The item's row at the view's top; the toolkit keeps the value within its range.
      await ctx.probe.setValue(geometry.valueRef, rowTopOf(index, geometry));
    }
    const listNow = (state: StateReader) => {
      const root = state.window(window.winId)?.tree.root;
      return root ? listNamed(readWindow(root).collections, args.list) : undefined;
    };
    const until = Date.now() + SHOW_MS;
    const notYet = () =>
      new BridgeError('action_timeout', `${args.list} was scrolled, but item ${args.item} is not listed as on screen yet: re-read app://windows.`);
    let now: NearScreenCollection | undefined;
    while (!now) {
      // A view that lists the item and then, settled, not (rows still moving) is asked again, never past the deadline.
      if (Date.now() >= until) throw notYet();
      await ctx
        .waitFor((state) => (shows(listNow(state)) ? true : undefined), {
          timeoutMs: Math.max(0, until - Date.now()),
          what: `item ${args.item} of ${args.list} to show`,
        })
        .catch((error: unknown) => {
          throw error instanceof BridgeError && error.code === 'action_timeout' ? notYet() : error;
        });
      // A read taken while the rows move can place them a row off (their places and the scroll
      // value are asked at different moments): the answer is what the view shows once settled.
      await settled(ctx, window.winId);
      const settledList = listNow(ctx.state);
      if (shows(settledList)) now = settledList;
    }
    const items = labelsOf(now);
    const range = `${(now.offset + 1).toLocaleString('en-US')} to ${(now.offset + items.length).toLocaleString('en-US')}`;
    return {
      message: `Items ${range} of ${count} of ${args.list} are on screen now (item ${args.item}: "${items[index - now.offset] ?? ''}").`,
      result: { items, first: now.offset + 1, about: count },
    };
  },
});
