/**
 * "Save changes to document “notes.txt” before closing?" — gedit's question when a window with
 * unsaved changes is closed: a window-level modal owned by the gedit window, with its own tool.
 * `answer` saves, discards or cancels, and returns once gedit did it.
 */
import { z } from 'zod';
import { BridgeError, defineAction, findAll, newModalOf, requireWindow, translateGeneric } from '../../src/sdk/translate.js';
import type { A11yNode, ActionContext, GenericReading, TranslateContext, WindowFacts, WindowView } from '../../src/sdk/translate.js';

const DISCARD = 'Close without Saving';
/** "save" is "Save" for a document with a file, "Save As…" for one never saved. */
const LABELS = { save: ['Save', 'Save As…'], discard: [DISCARD], cancel: ['Cancel'] } as const;
const AFTER_MS = 8000;

const buttons = (root: A11yNode) => findAll(root, (n) => n.role === 'push_button');

export function isCloseQuestion(root: A11yNode): boolean {
  return root.role === 'alert' && buttons(root).some((b) => b.name === DISCARD);
}

type Choice = keyof typeof LABELS;
type After = { kind: 'closed' } | { kind: 'opened'; winId: string } | { kind: 'stayed' };

/** After the question closed: the gedit window closes (saved or discarded) or Save As opens. */
async function afterAnswer(ctx: ActionContext, owner: string | null, before: Set<string>, choice: Choice): Promise<After> {
  if (!owner || choice === 'cancel') return { kind: 'stayed' };
  return ctx.waitFor<After>(
    (s) => {
      if (!s.window(owner)) return { kind: 'closed' };
      const modal = newModalOf(s, owner, before);
      return modal ? { kind: 'opened', winId: modal.winId } : undefined;
    },
    { timeoutMs: AFTER_MS, what: 'gedit to act on the answer' },
  );
}

const MESSAGES: Record<After['kind'], (choice: Choice, after: After) => string> = {
  closed: (choice) => (choice === 'save' ? 'Saved; the gedit window closed.' : 'Closed without saving: the changes are gone.'),
  opened: (_choice, after) => `The document has no file yet: gedit opened Save As (window ${(after as { winId: string }).winId}); choose a path there.`,
  stayed: () => 'Cancelled: the document stays open with its changes.',
};

const answer = defineAction({
  name: 'answer',
  title: 'Answer: save, discard or cancel',
  description:
    '"save" saves the changes and closes (a document never saved opens Save As first); "discard" closes without saving and loses the changes; "cancel" keeps the window open.',
  kind: 'destructive',
  input: z.object({ choice: z.enum(['save', 'discard', 'cancel']).describe('"save", "discard" (changes are lost) or "cancel".') }),
  output: z.object({
    outcome: z.enum(['closed', 'opened', 'stayed']),
    dialog: z.string().optional().describe('Window id of the Save As dialog, when one opened.'),
  }),
  timeoutMs: AFTER_MS + 4000,
  async run(args, ctx) {
    const window = requireWindow(ctx);
    const labels: readonly string[] = LABELS[args.choice];
    const target = buttons(window.tree.root).find((b) => labels.includes(b.name));
    if (!target) throw new BridgeError('action_not_available', `gedit shows no ${labels.join('/')} button now. Re-read app://windows.`);
    const before = new Set(ctx.state.windows().map((w) => w.winId));
    await ctx.probe.doAction(target.ref, 'click');
    await ctx.waitFor((s) => !s.window(window.winId), { what: 'the question to close' });
    const after = await afterAnswer(ctx, window.facts.ownerId, before, args.choice);
    return { message: MESSAGES[after.kind](args.choice, after), result: { outcome: after.kind, ...(after.kind === 'opened' ? { dialog: after.winId } : {}) } };
  },
});

export function translateCloseQuestion(window: WindowFacts, reading: GenericReading, ctx: Pick<TranslateContext, 'warnings' | 'truncated'>): WindowView {
  const question = reading.generic.message?.text ?? reading.generic.texts[0] ?? 'Save changes before closing?';
  return { summary: `gedit asks: ${question}`, blocks: translateGeneric(window, reading, ctx).blocks, actions: [answer] };
}
