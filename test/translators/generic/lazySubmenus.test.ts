/**
 * Submenus an app builds only when they open, at any depth (Thunderbird's File › New has no
 * items until it opens; a Gecko menu once built keeps its items, invisible while closed): which
 * entries are lazy, and how `menu` opens the chain, runs the entry and closes what it opened.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { A11yNode } from '../../../src/platform/probe.js';
import { toInputJsonSchema } from '../../../src/translate/jsonSchema.js';
import { lazyMenuOf } from '../../../src/translate/kit/actions/lazyMenu.js';
import { menuAction } from '../../../src/translate/kit/actions/menu.js';
import { menuPathSchema } from '../../../src/translate/kit/menuPaths.js';
import { isMenuOpen, menuBarEntries, menuChain } from '../../../src/translate/kit/menus.js';
import { readGeneric } from '../../../src/translate/kit/reading.js';
import { fakeContext, type Call } from './fakeContext.js';
import { frame, GTK3, n } from './nodes.js';

/** Gecko's states: an open menu's items are visible and showing, a closed one's only showing. */
const SHOWN = ['enabled', 'sensitive', 'focusable', 'visible', 'showing'];
const HIDDEN = ['enabled', 'sensitive', 'focusable', 'showing'];
const GECKO = { attributes: { toolkit: 'Gecko' } };

interface Gecko {
  /** Built: the menu has its items (Gecko keeps them once built). */
  fileBuilt: boolean;
  newBuilt: boolean;
  fileOpen: boolean;
  newOpen: boolean;
}

/** Thunderbird's menu bar as pyatspi shows it in each state. */
function thunderbird(s: Gecko): A11yNode {
  const item = (ref: string, name: string, open: boolean, states: string[] = []) =>
    n('menu_item', name, { ref, states: [...(open ? SHOWN : HIDDEN), ...states], actions: ['click'] });
  const menu = (ref: string, name: string, open: boolean, expanded: boolean, children: A11yNode[]) =>
    n('menu', name, { ref, states: [...(open ? SHOWN : HIDDEN), 'expandable', ...(expanded ? ['expanded'] : [])], actions: ['click'] }, children);
  const newItems = s.newBuilt ? [item('message', 'Message', s.newOpen), item('folder', 'Folder…', s.newOpen)] : [];
  const fileItems = s.fileBuilt
    ? [
        menu('new', 'New', s.fileOpen, s.newOpen, newItems),
        menu('open', 'Open', s.fileOpen, false, []),
        item('close', 'Close', s.fileOpen),
        n('menu_item', 'Send Unsent Messages', { ref: 'unsent', states: s.fileOpen ? ['visible', 'showing'] : ['showing'], actions: ['click'] }),
        n('menu', 'Disabled submenu', {
          ref: 'off',
          states: s.fileOpen ? ['visible', 'showing', 'expandable'] : ['showing', 'expandable'],
          actions: ['click'],
        }),
      ]
    : [];
  const bar = n('menu_bar', 'Application', { states: ['enabled', 'sensitive', 'visible', 'showing'] }, [
    n(
      'menu',
      'File',
      { ref: 'file', states: ['enabled', 'sensitive', 'visible', 'expandable', ...(s.fileOpen ? ['expanded', 'showing'] : [])], actions: ['click'] },
      fileItems,
    ),
    n('menu', 'Edit', { ref: 'edit', states: ['enabled', 'sensitive', 'visible', 'expandable'], actions: ['click'] }),
  ]);
  return { ...frame('Inbox - Local Folders - Mozilla Thunderbird', [n('tool_bar', 'Menu Bar', {}, [bar])]), ...GECKO };
}

const FRESH: Gecko = { fileBuilt: false, newBuilt: false, fileOpen: false, newOpen: false };

/**
 * A scripted Thunderbird: a click opens (or closes) a menu and builds it, Escape closes the
 * innermost, an item runs and closes all.
 */
function scripted(start: Gecko) {
  const s = { ...start };
  const effect = (call: Call) => {
    const [ref, verb] = call.args as [string, string];
    if (call.primitive === 'doAction' && verb === 'click') {
      if (ref === 'file') Object.assign(s, { fileOpen: !s.fileOpen, fileBuilt: true, newOpen: false });
      else if (ref === 'new' && s.fileOpen) Object.assign(s, { newOpen: true, newBuilt: true });
      // Gecko runs an item's action whether its menu is open or not (pyatspi: it opens the compose window).
      else if (ref === 'message' && s.newBuilt) {
        Object.assign(s, { fileOpen: false, newOpen: false });
        return { root: thunderbird(s), open: 'compose' };
      } else return undefined;
      return { root: thunderbird(s) };
    }
    if (call.primitive === 'sendKeys') {
      if (s.newOpen) s.newOpen = false;
      else s.fileOpen = false;
      return { root: thunderbird(s) };
    }
    return undefined;
  };
  return { state: s, ...fakeContext(thunderbird(start), effect) };
}

const VIEW = { summary: '', blocks: [], actions: [] };
/** What was done to the app: reads (children read afresh) and waits left out. */
const steps = (calls: Call[]) => calls.filter((c) => c.primitive !== 'settle' && c.primitive !== 'readChildren').map((c) => [c.primitive, ...c.args]);
const run = (ctx: ReturnType<typeof scripted>['ctx'], path: string) => menuAction.run({ path } as never, ctx);
const lazyOf = (root: A11yNode) => menuBarEntries(root).map((m) => [m.path, m.lazy ?? false]);

describe('which menu bar entries are lazy, at any depth', () => {
  it('a top-level menu with no items yet is lazy (File, Edit)', () => {
    expect(lazyOf(thunderbird(FRESH))).toEqual([
      ['File', true],
      ['Edit', true],
    ]);
  });

  it('an open menu lists its items and its empty, enabled submenus as lazy entries of their own, first', () => {
    expect(lazyOf(thunderbird({ ...FRESH, fileBuilt: true, fileOpen: true }))).toEqual([
      ['File > New', true],
      ['File > Open', true],
      ['Edit', true],
      ['File > Close', false],
    ]);
  });

  it('a closed Gecko menu that was built keeps its enabled items, invisible, and its lazy submenus', () => {
    expect(lazyOf(thunderbird({ ...FRESH, fileBuilt: true, newBuilt: true }))).toEqual([
      ['File > Open', true],
      ['Edit', true],
      ['File > New > Message', false],
      ['File > New > Folder…', false],
      ['File > Close', false],
    ]);
  });

  it('a GTK 3 submenu with items is no lazy entry, an empty one is; a disabled or hidden empty one is left out', () => {
    const item = (name: string) => n('menu_item', name, { states: ['enabled', 'sensitive', 'visible'], actions: ['click'] });
    const bar = n('menu_bar', '', {}, [
      n('menu', 'File', { actions: ['click'] }, [
        n('menu', 'New From Template', { states: ['enabled', 'sensitive', 'visible'], actions: ['click'] }),
        n('menu', 'Open Recent', { states: ['enabled', 'sensitive', 'visible'], actions: ['click'] }, [item('Clear History')]),
        n('menu', 'Print Preview', { states: ['visible'], actions: ['click'] }),
        n('menu', 'Hidden', { states: ['enabled', 'sensitive'], actions: ['click'] }),
        n('menu', 'Partly read', { states: ['enabled', 'sensitive', 'visible'], childCount: 3, actions: ['click'] }),
        item('Save'),
      ]),
    ]);
    expect(lazyOf(frame('Untitled 1 - Mousepad', [bar]))).toEqual([
      ['File > New From Template', true],
      ['File > Open Recent > Clear History', false],
      ['File > Save', false],
    ]);
  });

  it('a lazy path holds the paths under it; the chain to it runs from the menu bar down', () => {
    const menus = menuBarEntries(thunderbird({ ...FRESH, fileBuilt: true, fileOpen: true }));
    expect(lazyMenuOf(menus, 'File > New > Message')?.path).toBe('File > New');
    expect(lazyMenuOf(menus, 'file > new')?.path).toBe('File > New');
    expect(lazyMenuOf(menus, 'File > Newer')).toBeUndefined();
    expect(lazyMenuOf(menus, 'File > Close')).toBeUndefined();
    const root = thunderbird({ ...FRESH, fileBuilt: true, fileOpen: true });
    expect(menuChain(root, 'new').map((m) => m.name)).toEqual(['File', 'New']);
    expect(isMenuOpen(root, menuChain(root, 'new')[0] as A11yNode)).toBe(true);
    expect(isMenuOpen(root, menuChain(root, 'new')[1] as A11yNode)).toBe(false);
  });

  it('the schema names the lazy menus and the other top-level menus, and stays small with many', () => {
    const lazy = Array.from({ length: 300 }, (_, i) => `Menu ${i % 9} > Submenu built on opening ${i}`);
    const schema = menuPathSchema(['File > Close', ...lazy], lazy);
    const json = JSON.stringify(toInputJsonSchema(z.object({ path: schema })));
    expect(json.length).toBeLessThan(4096);
    expect(schema.description).toMatch(/^The command's path, e\.g\. "Menu 0 > Submenu built on opening 0 > …"\. Menus filled only when they open: Menu 0 > /);
    expect(schema.description).toMatch(
      / and \d+ more; a menu's own path \(e\.g\. "Menu 0 > Submenu built on opening 0"\) answers with its entries\. Other menus: File, Menu 0,/,
    );
  });
});

describe('menu on a path under a submenu filled when it opens', () => {
  it('opens File, then New, waits for its entries and runs Message by its action', async () => {
    const { ctx, calls } = scripted(FRESH);
    const reading = readGeneric(ctx.window!.tree.root);
    const schema = (menuAction.input as (v: typeof VIEW, r: typeof reading) => z.ZodObject)(VIEW, reading);
    expect(schema.safeParse({ path: 'File > New > Message' }).success).toBe(true);
    const outcome = await run(ctx, 'File > New > Message');
    expect(outcome && outcome.message).toBe('Ran "File > New > Message" (opened File > New first). Opened window compose (see openedWindowIds).');
    expect(steps(calls)).toEqual([
      ['doAction', 'file', 'click'],
      ['doAction', 'new', 'click'],
      ['doAction', 'message', 'click'],
    ]);
  });

  it("opens only the submenu's parents that are closed, once File was built and closed", async () => {
    const { ctx, calls } = scripted({ ...FRESH, fileBuilt: true });
    await run(ctx, 'File > New > Message');
    expect(steps(calls)).toEqual([
      ['doAction', 'file', 'click'],
      ['doAction', 'new', 'click'],
      ['doAction', 'message', 'click'],
    ]);
  });

  it('runs an item of a built, closed menu directly', async () => {
    const { ctx, calls } = scripted({ ...FRESH, fileBuilt: true, newBuilt: true });
    const outcome = await run(ctx, 'File > New > Message');
    expect(outcome && outcome.message).toMatch(/^Ran "File > New > Message"\. Opened window compose/);
    expect(steps(calls)).toEqual([['doAction', 'message', 'click']]);
  });

  it("the submenu's own path answers with its entries and closes both menus, one Escape each", async () => {
    const { ctx, calls, state } = scripted(FRESH);
    const outcome = await run(ctx, 'File > New');
    expect(outcome && outcome.message).toBe('The File > New menu holds 2 entries: "File > New > Message", "File > New > Folder…". Run one with its path.');
    expect(steps(calls)).toEqual([
      ['doAction', 'file', 'click'],
      ['doAction', 'new', 'click'],
      ['sendKeys', 'x-w1', { keys: ['Escape'] }],
      ['sendKeys', 'x-w1', { keys: ['Escape'] }],
    ]);
    expect(state).toMatchObject({ fileOpen: false, newOpen: false });
  });

  it('a wrong entry answers with the closest ones and closes what it opened', async () => {
    const { ctx, calls, state } = scripted(FRESH);
    await expect(run(ctx, 'File > New > Mesage')).rejects.toMatchObject({
      code: 'validation_failed',
      message: expect.stringMatching(/^No menu command "File > New > Mesage"\. Closest: "File > New > Message"/),
    });
    expect(steps(calls).filter((c) => c[0] === 'sendKeys')).toHaveLength(2);
    expect(state).toMatchObject({ fileOpen: false, newOpen: false });
  });

  it('a menu that did not open gets no Escape', async () => {
    // An app that ignores the click: File never opens.
    const { ctx, calls } = fakeContext(thunderbird({ ...FRESH, fileBuilt: true }));
    await expect(run(ctx as never, 'File > New > Message')).rejects.toMatchObject({ code: 'action_timeout' });
    expect(steps(calls)).toEqual([['doAction', 'file', 'click']]);
  });
});

describe('a submenu the window state never shows filled (Swing through the ATK wrapper)', () => {
  it('is read afresh once the wait is over; an Escape the state cannot confirm gets no second one', async () => {
    const built = { ...FRESH, fileBuilt: true };
    const effect = (call: Call) => {
      if (call.primitive === 'doAction' && call.args[0] === 'file') return { root: thunderbird({ ...built, fileOpen: true }) };
      return undefined;
    };
    // What a fresh read of New's children finds: its item, shown.
    const children = [n('menu_item', 'Message', { ref: 'message', states: SHOWN, actions: ['click'] })];
    const { ctx, calls } = fakeContext(thunderbird(built), effect, { children });
    const outcome = await run(ctx as never, 'File > New');
    expect(outcome && outcome.message).toBe('The File > New menu holds 1 entries: "File > New > Message". Run one with its path.');
    expect(steps(calls)).toEqual([
      ['doAction', 'file', 'click'],
      ['doAction', 'new', 'click'],
      ['sendKeys', 'x-w1', { keys: ['Escape'] }],
    ]);
  });
});

describe('GTK 3 submenus filled when they open, by their mnemonic keys', () => {
  const closedItem = ['enabled', 'sensitive', 'visible'];
  const mousepad = (fileOpen: boolean, templatesOpen: boolean) => {
    const states = fileOpen ? GTK3 : closedItem;
    const templates = templatesOpen ? [n('menu_item', 'Letter', { ref: 'letter', states: GTK3, actions: ['click'] })] : [];
    const bar = n('menu_bar', '', {}, [
      n('menu', 'File', { ref: 'file', actions: ['click'] }, [
        n('menu', 'New From Template', { ref: 'templates', states, actions: ['click'] }, templates),
        n('menu_item', 'Save', { ref: 'save', states, actions: ['click'] }),
      ]),
    ]);
    return frame('Untitled 1 - Mousepad', [bar]);
  };

  it("types the whole mnemonic path when File is closed, only the submenu's when File is open", async () => {
    for (const fileOpen of [false, true]) {
      const { ctx, calls } = fakeContext(
        mousepad(fileOpen, false),
        (call) => (call.primitive === 'sendKeys' && (call.args[1] as { keys: string[] }).keys[0] !== 'Escape' ? { root: mousepad(true, true) } : undefined),
        { menuKeys: { templates: ['alt+f', 'm'] } },
      );
      const outcome = await menuAction.run({ path: 'File > New From Template > Letter' } as never, ctx);
      expect(outcome && outcome.message).toMatch(/^Ran "File > New From Template > Letter" \(opened File > New From Template first\)\./);
      expect(steps(calls)).toEqual([
        ['sendKeys', 'x-w1', { keys: fileOpen ? ['m'] : ['alt+f', 'm'] }],
        ['doAction', 'letter', 'click'],
      ]);
    }
  });

  it('runs an item with no key route only once its menus are open (DoAction on a closed GTK 3 item prints criticals)', async () => {
    // Mousepad builds the templates' items anew each time the menu opens: a new Letter node.
    const rebuilt = () => {
      const root = mousepad(true, true);
      const templates = root.children[0]?.children[0]?.children[0] as A11yNode;
      (templates.children[0] as A11yNode).ref = 'letter-rebuilt';
      return root;
    };
    const opened = (call: Call) =>
      call.primitive === 'sendKeys' && (call.args[1] as { keys: string[] }).keys[0] !== 'Escape' ? { root: rebuilt() } : undefined;
    const built = (fileOpen: boolean) => {
      const root = mousepad(fileOpen, true);
      const templates = root.children[0]?.children[0]?.children[0] as A11yNode;
      for (const item of templates.children) item.states = fileOpen ? GTK3 : closedItem;
      return root;
    };
    const { ctx, calls } = fakeContext(built(false), opened, { menuKeys: { templates: ['alt+f', 'm'], letter: [] } });
    const outcome = await menuAction.run({ path: 'File > New From Template > Letter' } as never, ctx);
    expect(outcome && outcome.message).toMatch(/^Ran "File > New From Template > Letter" \(opened File > New From Template first\)\./);
    expect(steps(calls)).toEqual([
      ['sendKeys', 'x-w1', { keys: ['alt+f', 'm'] }],
      ['doAction', 'letter-rebuilt', 'click'],
    ]);
  });
});
