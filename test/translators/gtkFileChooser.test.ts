/**
 * The GTK file chooser translator on recorded choosers (gedit's Save As and Open, zenity
 * --file-selection): mode, folder from the path bar, place, name and location entries, the files
 * table with its total, the replace question; argument checks before anything is touched.
 */
import { describe, expect, it } from 'vitest';
import type { A11yNode } from '../../src/platform/probe.js';
import { fixtureFacts, translateFixture } from '../../src/testing/fixtureView.js';
import { loadFixture } from '../../src/testing/tester.js';
import { findFirst } from '../../src/translate/tree.js';
import type { ActionDef } from '../../src/translate/types.js';
import { chooseAction, setNameAction } from '../../translators/gtk-file-chooser/actions.js';
import { gtkFileChooserTranslator } from '../../translators/gtk-file-chooser/index.js';
import { pathEntry, submitPath } from '../../translators/gtk-file-chooser/drive.js';
import { readChooser, sameFolder } from '../../translators/gtk-file-chooser/reading.js';
import { isReplaceQuestion } from '../../translators/gtk-file-chooser/replaceQuestion.js';
import { isCloseQuestion } from '../../translators/gedit/closeQuestion.js';
import { fakeContext } from './generic/fakeContext.js';

const DIR = 'fixtures/gtk-file-chooser';

function rootOf(file: string, title: RegExp): A11yNode {
  const fixture = loadFixture(`${DIR}/${file}`);
  const facts = fixtureFacts(fixture).find((w) => title.test(w.title));
  if (!facts) throw new Error(`no window ${title} in ${file}`);
  return fixture.trees[facts.nativeId]?.root as A11yNode;
}

const viewOf = (file: string, title: string) => translateFixture(loadFixture(`${DIR}/${file}`), gtkFileChooserTranslator).find((v) => v.title === title);

describe("gtk-file-chooser: GTK 4's path bar", () => {
  const gtk4 = () => structuredClone(rootOf('gnome-text-editor-save-as.json', /^Save As$/));
  const pathBar = (root: A11yNode): A11yNode => {
    const stack = [root];
    for (let node = stack.pop(); node; node = stack.pop()) {
      if (node.children.some((c) => c.role === 'push_button' && c.states.includes('pressed'))) return node;
      stack.push(...node.children);
    }
    throw new Error('no path bar');
  };

  it('reads the folder from the root button to the pressed one', () => {
    const reading = readChooser(gtk4());
    expect(reading).toMatchObject({ mode: 'save', folder: '/tmp/reports/2026', readsFolder: false });
  });

  it('reads through the home button, which shows an icon and the home folder’s own name (measured: the bar starts at the root)', () => {
    const root = gtk4();
    const home = pathBar(root).children[3] as A11yNode;
    expect(home.name).toBe('reports');
    home.children = [
      {
        ref: 'home-box',
        role: 'panel',
        name: '',
        states: ['visible'],
        children: [
          { ref: 'home-icon', role: 'image', name: '', states: ['visible'], children: [] },
          { ref: 'home-label', role: 'label', name: 'reports', states: ['visible'], children: [] },
        ],
      },
    ];
    expect(readChooser(root).folder).toBe('/tmp/reports/2026');
  });

  it('reads no folder when the buttons start at a named place (home, desktop) or one is scrolled away', () => {
    const home = gtk4();
    const first = pathBar(home).children[1] as A11yNode;
    first.name = 'alice';
    first.children.push({ ref: 'label', role: 'label', name: 'alice', states: ['visible'], children: [] });
    expect(readChooser(home).folder).toBeNull();
    const scrolled = gtk4();
    (pathBar(scrolled).children[2] as A11yNode).states = ['focusable'];
    expect(readChooser(scrolled).folder).toBeNull();
  });
});

describe('gtk-file-chooser: what it reads', () => {
  it('a save dialog: folder from the path bar, the file name, Save accepts', () => {
    const r = readChooser(rootOf('gedit-save-as.json', /^Save As$/));
    expect(r).toMatchObject({ mode: 'save', folder: '/home/user/Documents', place: null, accept: { label: 'Save' } });
    expect(r.name?.value).toBe('notes.txt');
    expect(r.files?.rows.map((row) => row[0])).toEqual(['Projects', 'hello.py', 'notes.txt', 'report-2026.txt']);
  });

  it('an open dialog on Recent shows a place, not a folder; with the location entry the folder is hidden', () => {
    expect(readChooser(rootOf('gedit-open-recent.json', /^Open Files$/))).toMatchObject({
      mode: 'open',
      folder: null,
      place: 'Recent',
      accept: { label: 'Open' },
    });
    const located = readChooser(rootOf('gedit-open-location.json', /^Open Files$/));
    expect(located).toMatchObject({ mode: 'open', folder: null, place: null });
    expect(located.location?.value).toBe('/home/user/Documents/hello.py');
  });

  it('zenity: OK accepts; a long folder is cut to its first rows with the total (P-BLK-7)', () => {
    expect(readChooser(rootOf('zenity-file-selection.json', /./))).toMatchObject({ mode: 'open', folder: '/home/user/Documents', accept: { label: 'OK' } });
    const view = translateFixture(loadFixture(`${DIR}/zenity-large-folder.json`), gtkFileChooserTranslator)[0];
    expect(view?.summary).toBe('"Pick a log" file chooser (open) — folder /home/user/Documents/Projects, 40 items listed; OK accepts.');
    const files = view?.blocks.find((b) => b.id === 'files') as { rows: unknown[][]; offset: number; total: number };
    expect(files.rows).toHaveLength(20);
    expect(files).toMatchObject({ offset: 0, total: 40 });
    expect(view?.actions.map((a) => a.name)).toContain('load_rows');
  });

  it('offers set_name only where there is a file name; its own actions first, the generic ones after', () => {
    expect(
      viewOf('gedit-save-as.json', 'Save As')
        ?.actions.map((a) => a.name)
        .slice(0, 4),
    ).toEqual(['choose', 'set_name', 'go_to_folder', 'cancel']);
    const open = viewOf('gedit-open-documents.json', 'Open Files')?.actions.map((a) => a.name) ?? [];
    expect(open.slice(0, 3)).toEqual(['choose', 'go_to_folder', 'cancel']);
    expect(open).not.toContain('set_name');
    expect(open).toContain('select');
  });

  it('tells the replace question from gedit’s close question', () => {
    const replace = rootOf('gedit-replace-question.json', /^$/);
    expect(isReplaceQuestion(replace)).toBe(true);
    expect(isCloseQuestion(replace)).toBe(false);
    const view = viewOf('gedit-replace-question.json', '');
    expect(view?.summary).toBe(
      'The file chooser asks: A file named “report-2026.txt” already exists. Do you want to replace it? (The file already exists in “Documents”. Replacing it will overwrite its contents.)',
    );
    expect(view?.actions[0]).toMatchObject({ name: 'answer', kind: 'destructive', inputSchema: { properties: { choice: { enum: ['replace', 'cancel'] } } } });
  });

  it('compares folders with or without a trailing slash', () => {
    expect(sameFolder('/home/user', '/home/user/')).toBe(true);
    expect(sameFolder('/', '/')).toBe(true);
    expect(sameFolder(null, '/home')).toBe(false);
    expect(sameFolder('/home/user', '/home')).toBe(false);
  });
});

describe('gtk-file-chooser: arguments are checked before anything is touched', () => {
  const run = (action: ActionDef, args: Record<string, unknown>, root: A11yNode) => {
    const { ctx, calls } = fakeContext(root);
    return { outcome: action.run(args as never, ctx), calls };
  };

  it('choose takes absolute paths only', async () => {
    const { outcome, calls } = run(chooseAction, { path: 'notes.txt' }, rootOf('gedit-save-as.json', /^Save As$/));
    await expect(outcome).rejects.toMatchObject({
      code: 'validation_failed',
      extra: { fields: [{ field: 'path', error: 'must be an absolute path starting with "/"' }] },
    });
    expect(calls).toEqual([]);
  });

  it('set_name takes a name, not a path', async () => {
    const { outcome, calls } = run(setNameAction, { name: 'a/b.txt' }, rootOf('gedit-save-as.json', /^Save As$/));
    await expect(outcome).rejects.toMatchObject({ code: 'validation_failed', extra: { fields: [{ field: 'name', error: 'must not contain "/"' }] } });
    expect(calls).toEqual([]);
  });
});

describe('gtk-file-chooser: showing the location entry', () => {
  it('asks again while the entry has not shown (the first request only leaves Recent), and stops once it shows', async () => {
    const recent = rootOf('gedit-open-recent.json', /^Open Files$/);
    const located = rootOf('gedit-open-location.json', /^Open Files$/);
    let asked = 0;
    const { ctx, calls } = fakeContext(recent, (call) => {
      if (call.primitive !== 'doAction' || call.args[1] !== 'show_location') return undefined;
      asked += 1;
      return asked === 2 ? { root: located } : undefined;
    });
    const entry = await pathEntry(ctx, 'w1');
    expect(entry.ref).toBe(readChooser(located).location?.node.ref);
    expect(calls.map((c) => [c.primitive, c.args[1]])).toEqual([
      ['doAction', 'show_location'],
      ['doAction', 'show_location'],
    ]);
  });

  it('GTK 4\'s chooser, which has no show_location action: a typed "/" shows the entry, as a person starts a path', async () => {
    const recent = structuredClone(rootOf('gedit-open-recent.json', /^Open Files$/));
    const strip = (n: A11yNode): void => {
      n.actions = n.actions?.filter((a) => a !== 'show_location');
      n.children.forEach(strip);
    };
    strip(recent);
    expect(readChooser(recent).widget).toBeUndefined();
    const located = rootOf('gedit-open-location.json', /^Open Files$/);
    const { ctx, calls } = fakeContext(recent, (call) => (call.primitive === 'sendKeys' ? { root: located } : undefined));
    const entry = await pathEntry(ctx, 'w1');
    expect(entry.ref).toBe(readChooser(located).location?.node.ref);
    expect(calls.map((c) => [c.primitive, c.args[1]])).toEqual([['sendKeys', { text: '/' }]]);
  });

  it('gives up after a bounded number of requests when the entry never shows', async () => {
    const { ctx, calls } = fakeContext(rootOf('gedit-open-recent.json', /^Open Files$/));
    await expect(pathEntry(ctx, 'w1')).rejects.toMatchObject({ code: 'action_timeout' });
    expect(calls.filter((c) => c.args[1] === 'show_location')).toHaveLength(6);
  });
});

describe('gtk-file-chooser: a question that opens on Save', () => {
  const PATH = '/home/user/Documents/report-2026.txt';
  /** The Save As dialog whose Save press opens a modal; `fill` gives that modal its content later. */
  const saveAs = (question: A11yNode | undefined) => {
    const root = structuredClone(rootOf('gedit-save-as.json', /^Save As$/));
    const entryRef = readChooser(root).name?.node.ref;
    const { ctx, windows } = fakeContext(root, (call) => {
      if (call.primitive === 'setText') {
        const typed = structuredClone(root);
        const entry = findFirst(typed, (n) => n.ref === call.args[0]) as A11yNode;
        entry.value = String(call.args[1]);
        return { root: typed };
      }
      return call.primitive === 'doAction' && call.args[1] === 'click' ? { open: 'w2' } : undefined;
    });
    // The modal is read in two steps, as on a busy machine: mapped empty, then its content; a
    // wait that saw nothing looks again once the content arrived, as the bridge's waits do.
    const waitFor = ctx.waitFor;
    ctx.waitFor = async (check, options) => {
      try {
        return await waitFor(check, options);
      } catch (error) {
        const modal = windows.get('w2');
        if (!modal || !question || modal.tree.root === question) throw error;
        modal.tree.root = question;
        return waitFor(check, options);
      }
    };
    return { ctx, entryRef };
  };

  it('waits for the modal’s content: one still empty is not taken for an error message', async () => {
    const { ctx, entryRef } = saveAs(undefined);
    expect(entryRef).toBeDefined();
    await expect(submitPath(ctx, 'w1', PATH)).rejects.toMatchObject({ code: 'action_timeout' });
  });

  it('reports the replace question once it is read', async () => {
    const { ctx } = saveAs(rootOf('gedit-replace-question.json', /^$/));
    const outcome = await submitPath(ctx, 'w1', PATH);
    expect(outcome).toMatchObject({ kind: 'question', winId: 'w2' });
  });
});
