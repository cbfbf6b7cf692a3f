/**
 * zenity --question, --info, --warning, --error: the message as text (a question) or as a notice
 * whose severity follows the dialog's icon, and `answer {choice}` with the buttons' real labels
 * (--ok-label, --cancel-label, --extra-button). zenity prints an extra button's label and exits.
 */
import { z } from 'zod';
import { BridgeError, defineAction, namesEnum, probeNotices, requireWindow } from '../../src/sdk/translate.js';
import type { BlockDraft, GenericReading, MessageKind, TranslateContext, WindowFacts, WindowView } from '../../src/sdk/translate.js';
import { dialogButtons, pressAndWaitClosed } from './dialog.js';

const VERB: Record<MessageKind, string> = { question: 'asks', info: 'says', warn: 'warns', error: 'reports an error', success: 'says' };

/** The kind from zenity's icon; a dialog without a known icon asks when it offers a choice. */
function messageOf({ root, generic: reading }: GenericReading): { kind: MessageKind; text: string } {
  const kind = reading.message?.kind ?? (dialogButtons(root).length > 1 ? 'question' : 'info');
  return { kind, text: reading.message?.text ?? reading.texts.join('\n') };
}

const answerAction = defineAction({
  name: 'answer',
  title: 'Answer',
  description: 'Presses one of the dialog’s buttons; the dialog closes and the program that opened it gets the answer.',
  kind: 'destructive',
  input: (_view, { root }: GenericReading) =>
    z.object({
      choice: namesEnum(
        dialogButtons(root).map((b) => b.label),
        'The button to press, by its label as shown.',
      ),
    }),
  output: z.object({ choice: z.string() }),
  available: (_view, { root }: GenericReading) => dialogButtons(root).length > 0,
  async run(args, ctx) {
    const window = requireWindow(ctx);
    const button = dialogButtons(window.tree.root).find((b) => b.label === args.choice);
    if (!button) throw new BridgeError('action_not_available', `The dialog shows no "${args.choice}" button now. Re-read app://windows.`);
    await pressAndWaitClosed(ctx, button, `"${args.choice}"`);
    return { message: `Answered "${button.label}"; the dialog closed.`, result: { choice: button.label } };
  },
});

export function translateMessage(
  window: WindowFacts,
  reading: GenericReading,
  ctx: Pick<TranslateContext, 'warnings' | 'truncated'>,
): WindowView<GenericReading> {
  const { kind, text } = messageOf(reading);
  const choices = dialogButtons(reading.root)
    .map((b) => `"${b.label}"`)
    .join(', ');
  const blocks: BlockDraft[] = [
    ...probeNotices(ctx),
    kind === 'question' ? { type: 'text', id: 'question', text } : { type: 'notice', id: 'message', severity: kind, text },
  ];
  const others = reading.generic.texts.filter((t) => t !== text);
  if (others.length > 0) blocks.push({ type: 'text', id: 'text', text: others.join('\n') });
  return {
    summary: `"${window.title}" ${VERB[kind]}: ${text}${choices ? ` (buttons: ${choices})` : ''}`,
    blocks,
    actions: [answerAction],
  };
}
