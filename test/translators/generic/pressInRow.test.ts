/**
 * Buttons inside the rows of a list a user selects rows of (Thunderbird's star and menu on each
 * message): press leaves them out, press_in_row offers them as three small enums and presses the
 * one of the named row; a hidden or greyed-out button is not offered.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { A11yNode } from '../../../src/platform/probe.js';
import { pressAction } from '../../../src/translate/kit/actions/press.js';
import { pressInRowAction } from '../../../src/translate/kit/actions/pressInRow.js';
import { readGeneric } from '../../../src/translate/kit/reading.js';
import { fakeContext } from './fakeContext.js';
import { frame, GTK3, n } from './nodes.js';

const ROW = [...GTK3, 'focusable', 'selectable'];

function message(subject: string, starred: boolean, menuState = GTK3): A11yNode {
  return n('list_item', `Ada <ada@example.org>, ${subject}`, { ref: `row-${subject}`, states: ROW }, [
    n('section', '', { states: GTK3 }, [
      n('push_button', starred ? 'Message starred' : 'Message not starred', { ref: `star-${subject}`, actions: ['press'], states: [...GTK3, 'focusable'] }),
      n('push_button', 'Message menu', { ref: `menu-${subject}`, actions: ['press'], states: menuState }),
    ]),
  ]);
}

const inbox = (starred: boolean) =>
  frame('Inbox - Thunderbird', [
    n('list_box', 'Inbox', { ref: 'list', states: [...GTK3, 'focusable'] }, [message('Lunch', starred), message('Report', false, ['visible'])]),
    n('push_button', 'Get Messages', { ref: 'get', actions: ['press'], states: GTK3 }),
  ]);

const VIEW = { summary: '', blocks: [], actions: [] };

describe('press_in_row', () => {
  it('offers the lists, rows and button labels, and presses the button of the named row', async () => {
    const { ctx, calls } = fakeContext(inbox(false), (call) => (call.primitive === 'doAction' ? { root: inbox(true) } : undefined));
    const reading = readGeneric(ctx.window!.tree.root);
    const input = pressInRowAction.input;
    const schema = typeof input === 'function' ? input(VIEW, reading) : input;
    expect(schema.safeParse({ list: 'Inbox', row: 'Ada <ada@example.org>, Lunch', button: 'Message not starred' }).success).toBe(true);
    // The labels are the rows' together: the second row's menu (greyed out, hidden) is refused below.
    expect(schema.safeParse({ list: 'Inbox', row: 'Ada <ada@example.org>, Lunch', button: 'Message menu' }).success).toBe(true);
    const press = pressAction.input;
    const pressSchema = typeof press === 'function' ? press(VIEW, reading) : press;
    expect(pressSchema.safeParse({ button: 'Message not starred' }).success).toBe(false);
    const outcome = await pressInRowAction.run({ list: 'Inbox', row: 'Ada <ada@example.org>, Report', button: 'Message not starred' } as never, ctx);
    expect(calls.map((c) => [c.primitive, ...c.args])).toEqual([['doAction', 'star-Report', 'press']]);
    expect(outcome).toEqual({ message: 'Pressed "Message not starred" in "Ada <ada@example.org>, Report". The window changed: re-read app://windows.' });
  });

  it('refuses a row and button that do not go together', async () => {
    const { ctx } = fakeContext(inbox(false));
    await expect(pressInRowAction.run({ list: 'Inbox', row: 'Ada <ada@example.org>, Report', button: 'Message menu' } as never, ctx)).rejects.toMatchObject({
      code: 'action_not_available',
    });
  });

  it('names rows by a checked string when their labels would make the tool big, and offers only the rows the state shows', () => {
    const rows = Array.from({ length: 30 }, (_, i) =>
      message(`A long subject line that makes every label long, longer than most subjects in a mailbox, number ${i}`, false),
    );
    const reading = readGeneric(frame('Inbox', [n('list_box', 'Inbox', { states: GTK3 }, rows)]));
    const input = pressInRowAction.input;
    const schema = typeof input === 'function' ? input(VIEW, reading) : input;
    const row = (schema.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>).row;
    expect(row?.safeParse('any label').success).toBe(true);
    expect(JSON.stringify(z.toJSONSchema(schema)).length).toBeLessThan(800);
  });

  it('is not offered where no row holds a button', () => {
    const plain = frame('W', [n('list_box', 'Files', { states: GTK3 }, [n('list_item', 'a.txt', { states: ROW })])]);
    expect(pressInRowAction.available?.(VIEW, readGeneric(plain))).toBe(false);
  });
});
