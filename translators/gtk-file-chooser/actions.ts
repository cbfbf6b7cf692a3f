/** The chooser's own actions: choose a path, set the file name, show a folder, cancel. */
import { z } from 'zod';
import { BridgeError, defineAction, NO_INPUT, requireWindow } from '../../src/sdk/translate.js';
import type { ActionOutcome } from '../../src/sdk/translate.js';
import { cancelChooser, chooserWindow, checkAbsolute, goToFolder, setAndConfirm, submitPath, type ChooserOutcome } from './drive.js';
import type { ChooserWindow } from './reading.js';

const PATH = z.string().min(1).max(4096);
/** Choosing may wait for the chooser, then for a question or for the app behind it. */
const CHOOSE_MS = 15_000;

const chooseOutput = z.object({
  outcome: z
    .enum(['chosen', 'question', 'folder'])
    .describe('"chosen": the dialog accepted the path and closed; "question": it asks first (see question); "folder": the path is a folder, now shown.'),
  question: z.string().optional().describe('Window id of the question asked first (replace an existing file? keep a name whose extension does not match?).'),
  folder: z.string().optional(),
});

export function describeOutcome(outcome: ChooserOutcome, path: string): ActionOutcome<z.infer<typeof chooseOutput>> {
  switch (outcome.kind) {
    case 'closed':
      return { message: `Chose ${path}; the file chooser closed.`, result: { outcome: 'chosen' } };
    case 'question':
      return {
        message: `A question came before the file was taken: ${outcome.text} Answer it in window ${outcome.winId} (see openedWindowIds).`,
        result: { outcome: 'question', question: outcome.winId },
      };
    case 'entered':
      return { message: `${path} is a folder: the file chooser now shows it. Choose a file in it.`, result: { outcome: 'folder', folder: outcome.folder } };
  }
}

export const chooseAction = defineAction({
  name: 'choose',
  title: 'Choose a file',
  description:
    'Chooses the file at an absolute path and accepts the dialog (Save, Open, OK). A save dialog may first ask whether to replace an existing file: that question is its own window (result.question).',
  kind: 'write',
  input: z.object({ path: PATH.describe('Absolute path of the file, e.g. "/home/user/Documents/report.txt".') }),
  output: chooseOutput,
  timeoutMs: CHOOSE_MS,
  async run(args, ctx) {
    checkAbsolute(args.path);
    const window = requireWindow(ctx);
    return describeOutcome(await submitPath(ctx, window.winId, args.path), args.path);
  },
});

export const setNameAction = defineAction({
  name: 'set_name',
  title: 'Set the file name',
  description: 'Replaces the file name of a save dialog (without accepting it). Use go_to_folder for the folder, or choose for a whole path.',
  kind: 'write',
  idempotent: true,
  input: z.object({ name: z.string().min(1).max(255).describe('The file name, without a folder, e.g. "report.txt".') }),
  available: (_view, { chooser }: ChooserWindow) => chooser?.mode === 'save',
  async run(args, ctx) {
    if (args.name.includes('/')) {
      throw new BridgeError('validation_failed', 'A file name has no "/": use go_to_folder or choose for paths.', {
        fields: [{ field: 'name', error: 'must not contain "/"' }],
      });
    }
    const window = requireWindow(ctx);
    const entry = chooserWindow(ctx.state, window.winId).reading.name;
    if (!entry) throw new BridgeError('action_not_available', 'This file chooser has no file name entry. Re-read app://windows.');
    await setAndConfirm(ctx, window.winId, entry.node, args.name);
    return { message: `The file name is ${args.name}.` };
  },
});

export const goToFolderAction = defineAction({
  name: 'go_to_folder',
  title: 'Show a folder',
  description: 'Shows the folder at an absolute path, with its files; a save dialog keeps its file name.',
  kind: 'navigate',
  input: z.object({ path: PATH.describe('Absolute path of the folder, e.g. "/home/user/Documents".') }),
  output: z.object({ folder: z.string() }),
  timeoutMs: CHOOSE_MS,
  // Entering a folder is seen in the path bar; GTK 4's path bar cannot be read (see reading.ts).
  available: (_view, { chooser }: ChooserWindow) => chooser?.readsFolder === true,
  async run(args, ctx) {
    checkAbsolute(args.path);
    const window = requireWindow(ctx);
    const folder = await goToFolder(ctx, window.winId, args.path);
    const files = chooserWindow(ctx.state, window.winId).reading.files;
    const count = files ? ` It lists ${files.total} item${files.total === 1 ? '' : 's'} so far.` : '';
    return { message: `Showing ${folder}.${count}`, result: { folder } };
  },
});

export const cancelAction = defineAction({
  name: 'cancel',
  title: 'Cancel',
  description: 'Closes the file chooser without choosing anything.',
  kind: 'navigate',
  input: NO_INPUT,
  available: (_view, { chooser }: ChooserWindow) => chooser?.cancel !== undefined,
  async run(_args, ctx) {
    await cancelChooser(ctx, requireWindow(ctx).winId);
    return { message: 'Cancelled: the file chooser closed.' };
  },
});
