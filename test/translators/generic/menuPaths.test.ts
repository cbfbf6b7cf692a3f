import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toInputJsonSchema } from '../../../src/translate/jsonSchema.js';
import { ENUM_BUDGET_CHARS, closestPaths, menuPathSchema, normalizePath, resolveMenuPath } from '../../../src/translate/kit/menuPaths.js';
import { openedOtherPopover } from '../../../src/translate/kit/menus.js';
import { readWindow } from '../../../src/translate/kit/reading.js';
import { frame, n } from './nodes.js';

const SMALL = ['File > New', 'File > Open...', 'File > Save As...', 'Edit > Undo', 'Help > About'];
/** A big menu bar: 12 menus of 40 entries (LibreOffice has 450 paths). */
const BIG = [...SMALL, ...Array.from({ length: 480 }, (_, i) => `Menu ${i % 12} > Submenu ${i % 5} > Command number ${i}`)];

/** The JSON Schema a client gets for the path parameter. */
function pathSchema(paths: string[]): unknown {
  return (toInputJsonSchema(z.object({ path: menuPathSchema(paths) })).properties as Record<string, unknown>).path;
}

function errorOf(run: () => unknown): { code: string; message: string; fields?: unknown } {
  try {
    run();
  } catch (error) {
    const e = error as { code: string; message: string; extra: { fields?: unknown } };
    return { code: e.code, message: e.message, fields: e.extra.fields };
  }
  throw new Error('no error');
}

describe('menu paths', () => {
  it('a small menu stays an enum of its paths', () => {
    const schema = pathSchema(SMALL) as { enum?: string[] };
    expect(schema.enum).toEqual(SMALL);
  });

  it('a big menu is a string named by its top-level menus, and its tool stays small', () => {
    const schema = pathSchema(BIG) as { type: string; enum?: string[]; description: string };
    expect(JSON.stringify(BIG).length).toBeGreaterThan(ENUM_BUDGET_CHARS);
    expect(schema.enum).toBeUndefined();
    expect(schema.type).toBe('string');
    expect(schema.description).toContain('Top-level menus: File, Edit, Help, Menu 0, Menu 1');
    expect(schema.description).toContain(`${BIG.length} commands`);
    expect(JSON.stringify(schema).length).toBeLessThan(1000);
  });

  it('finds a path written with "…" for "...", other case, spacing or mnemonics', () => {
    expect(normalizePath(' File>Save _As… ')).toBe(normalizePath('File > Save As...'));
    expect(resolveMenuPath(BIG, 'File > Save As...')).toBe('File > Save As...');
    expect(resolveMenuPath(BIG, 'file>save as…')).toBe('File > Save As...');
    expect(resolveMenuPath(BIG, 'Help > _About')).toBe('Help > About');
  });

  it("a menu's own path answers with its entries", () => {
    const error = errorOf(() => resolveMenuPath(BIG, 'File'));
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe('"File" is a menu: run one of its 3 entries: "File > New", "File > Open...", "File > Save As...".');
    expect(error.fields).toEqual([{ field: 'path', error: error.message }]);
    const big = errorOf(() => resolveMenuPath(BIG, 'Menu 1'));
    expect(big.message).toMatch(/^"Menu 1" is a menu: run one of its 40 entries: "Menu 1 > Submenu 1 > Command number 1", /);
  });

  it('an unknown path answers with the closest paths, the nearest first', () => {
    const error = errorOf(() => resolveMenuPath(BIG, 'File > Save as copy'));
    expect(error.code).toBe('validation_failed');
    expect(error.message).toMatch(/^No menu command "File > Save as copy"\. Closest: "File > Save As\.\.\.", /);
    expect(closestPaths(SMALL, normalizePath('Edit > Undo typing'))[0]).toBe('Edit > Undo');
    expect(closestPaths(SMALL, normalizePath('Abuot'))[0]).toBe('Help > About');
  });
});

describe('menus filled only when they open', () => {
  it('a menu bar menu with no items is offered by its own path, and the path becomes a string naming those menus', () => {
    const bar = n('menu_bar', '', {}, [
      n('menu', 'File', { states: ['enabled', 'sensitive', 'visible', 'showing', 'selectable'] }),
      n('menu', 'Edit', {}),
      n('menu_item', '', {}),
    ]);
    const menus = readWindow(frame('main - Thunar', [bar])).menus;
    expect(menus.map((m) => [m.path, m.lazy])).toEqual([
      ['File', true],
      ['Edit', true],
    ]);
    const schema = menuPathSchema(
      menus.map((m) => m.path),
      ['File', 'Edit'],
    );
    expect(schema.safeParse('File > New Window').success).toBe(true);
    expect(schema.description).toMatch(/Menus filled only when they open: File, Edit/);
  });
});

describe('GTK 4 menu buttons, whose popover exists only while open', () => {
  const GTK4 = ['sensitive', 'visible'];
  const menuButton = (popover: ReturnType<typeof n>[] = []) =>
    n('push_button', '', { states: GTK4 }, [n('push_button', 'Menu', { states: [...GTK4, 'focusable'], actions: ['click'] }), ...popover]);

  it('a closed one is offered by its inner button name, as a menu filled when it opens', () => {
    const menus = readWindow(frame('notes.txt - Text Editor', [menuButton()], [...GTK4, 'showing', 'active'])).menus;
    expect(menus.map((m) => [m.path, m.lazy ?? false])).toEqual([['Menu', true]]);
  });

  it('an open one lists its enabled items at any depth under the popover, named under the button', () => {
    const item = (name: string, states = GTK4) => n('menu_item', name, { states, actions: ['click'] });
    const popover = n('menu', '', { states: GTK4 }, [
      n('filler', '', { states: GTK4 }, [
        n('scroll_pane', '', { states: GTK4 }, [n('panel', '', { states: GTK4 }, [item('Save'), item('Save As…'), item('Print', ['visible'])])]),
        n('panel', '', { states: ['sensitive'] }, [item('Hidden page item')]),
      ]),
    ]);
    const menus = readWindow(frame('notes.txt - Text Editor', [menuButton([popover])], [...GTK4, 'showing', 'active'])).menus;
    expect(menus.map((m) => [m.path, m.lazy ?? false])).toEqual([
      ['Menu > Save', false],
      ['Menu > Save As…', false],
    ]);
  });

  it('a popover that is no menu (a dialog asking for a folder name) is told apart from a menu', () => {
    const inner = n('push_button', '', { states: [...GTK4, 'focusable'], actions: ['click'] });
    const asking = n('push_button', '', { states: GTK4, description: 'Create Folder' }, [
      inner,
      n('dialog', '', { states: GTK4 }, [n('text', 'Folder Name', { states: GTK4 })]),
    ]);
    expect(openedOtherPopover(frame('Save As', [asking]), inner)).toBe(true);
    const closed = n('push_button', '', { states: GTK4, description: 'Create Folder' }, [inner]);
    expect(openedOtherPopover(frame('Save As', [closed]), inner)).toBe(false);
    const menu = n('push_button', '', { states: GTK4 }, [inner, n('menu', '', { states: GTK4 })]);
    expect(openedOtherPopover(frame('Save As', [menu]), inner)).toBe(false);
  });
});
