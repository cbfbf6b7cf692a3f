/**
 * Translator for zenity's dialogs (GTK3): messages (question, info, warning, error), entry and
 * password dialogs, lists of any size and forms — each with its own actions (answer, submit,
 * choose, cancel) beside the generic ones. zenity's other dialogs (scale, calendar, text-info,
 * progress) stay generic; its file chooser belongs to the GTK file chooser translator.
 */
import { defineTranslator, withGenericActions } from '../../src/sdk/translate.js';
import type { A11yNode, TranslateContext, WindowFacts, WindowView } from '../../src/sdk/translate.js';
import { translateEntry } from './entry.js';
import { translateForms } from './forms.js';
import { zenityKind } from './kinds.js';
import { translateList } from './list.js';
import { translateMessage } from './message.js';

function translate(window: WindowFacts, root: A11yNode, ctx: Pick<TranslateContext, 'warnings' | 'truncated'>): WindowView {
  switch (zenityKind(root)) {
    case 'message':
      return translateMessage(window, root, ctx);
    case 'entry':
      return translateEntry(window, root, ctx);
    case 'list':
      return translateList(window, root, ctx);
    default:
      return translateForms(window, root, ctx);
  }
}

export const zenityTranslator = defineTranslator({
  id: 'zenity',
  match: { appName: 'zenity', test: (_window, root) => zenityKind(root) !== undefined },
  translate: (window, tree, ctx) => withGenericActions(translate(window, tree.root, ctx), tree.root),
  notes:
    'zenity dialogs: answer {choice} presses a button; submit fills and sends an entry, password or form (every form field is required unless listed in optional); choose {row} picks a list row by its 0-based index (load_rows reads rows past the first ones).',
});
