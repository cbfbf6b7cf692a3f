/**
 * A window's named commands (GTK 4 lists its window's and views' enabled actions on the window):
 * the command tool offers exactly those, runs one on the window's accessible and reports its
 * effect; a window without commands gets no tool.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { A11yNode } from '../../../src/platform/probe.js';
import { commandAction, commandSchema, resolveCommand } from '../../../src/translate/kit/actions/command.js';
import { readGeneric } from '../../../src/translate/kit/reading.js';
import { fakeContext } from './fakeContext.js';
import { frame, GTK4, n } from './nodes.js';

function folder(commands: string[] | undefined, renaming: boolean): A11yNode {
  const root = frame('reports', [
    n('table', '', { ref: 'grid', states: GTK4 }, [n('table_cell', 'draft.txt', { states: [...GTK4, 'selected'] })]),
    ...(renaming ? [n('text', 'Rename File', { ref: 'name', value: 'draft.txt', states: [...GTK4, 'editable', 'focusable'] })] : []),
  ]);
  return commands ? { ...root, ref: 'win', commands } : { ...root, ref: 'win' };
}

const VIEW = { summary: '', blocks: [], actions: [] };

describe('the command tool', () => {
  it('offers the window’s commands and runs one on the window, answering with its effect', async () => {
    const { ctx, calls } = fakeContext(folder(['view.rename', 'win.new-tab'], false), (call) =>
      call.primitive === 'doAction' ? { root: folder(['view.rename', 'win.new-tab'], true) } : undefined,
    );
    const reading = readGeneric(ctx.window!.tree.root);
    expect(commandAction.available?.(VIEW, reading)).toBe(true);
    const input = commandAction.input;
    const schema = typeof input === 'function' ? input(VIEW, reading) : input;
    expect(schema.safeParse({ command: 'view.rename' }).success).toBe(true);
    expect(schema.safeParse({ command: 'view.delete' }).success).toBe(false);
    const outcome = await commandAction.run({ command: 'view.rename' } as never, ctx);
    expect(outcome).toEqual({ message: 'Ran "view.rename". The window changed: re-read app://windows.' });
    expect(calls.map((c) => [c.primitive, ...c.args])).toEqual([['doAction', 'win', 'view.rename']]);
  });

  it('is not offered on a window without commands', () => {
    expect(commandAction.available?.(VIEW, readGeneric(folder(undefined, false)))).toBe(false);
    expect(commandAction.available?.(VIEW, readGeneric(folder([], false)))).toBe(false);
  });
});

describe('a window with many commands', () => {
  const many = Array.from({ length: 120 }, (_, i) => `${i % 2 === 0 ? 'editor' : 'win'}.command-number-${i}`);

  it('takes a name the server checks instead of an enum, and stays small', () => {
    const schema = commandSchema(many);
    expect(JSON.stringify(z.toJSONSchema(schema)).length).toBeLessThan(600);
    expect(schema.safeParse('editor.command-number-4').success).toBe(true);
  });

  it('answers a group with its commands and an unknown name with the closest ones', () => {
    expect(resolveCommand(many, 'win.command-number-3')).toBe('win.command-number-3');
    expect(() => resolveCommand(many, 'win')).toThrow(/"win" is a group: run one of its 60 commands: "win.command-number-1"/);
    expect(() => resolveCommand(many, 'win.comand-number-3')).toThrow(/Closest: "win.command-number-3"/);
    expect(() => resolveCommand(many, 'nothing')).toThrow(expect.objectContaining({ code: 'validation_failed' }));
  });
});
