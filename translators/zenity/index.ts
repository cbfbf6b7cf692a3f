/**
 * Translator for zenity's dialogs (GTK3): messages (question, info, warning, error), entry and
 * password dialogs, lists of any size and forms — each with its own actions (answer, submit,
 * choose, cancel) beside the generic ones. zenity's other dialogs (scale, calendar, text-info,
 * progress) stay generic; its file chooser belongs to the GTK file chooser translator.
 */
import { defineTranslator, withGenericActions } from '../../src/sdk/translate.js';
import type { TranslateContext, WindowFacts, WindowView } from '../../src/sdk/translate.js';
import { translateEntry } from './entry.js';
import { translateForms } from './forms.js';
import { zenityKind } from './kinds.js';
import { translateList } from './list.js';
import { translateMessage } from './message.js';
import { readZenityWindow, type ZenityWindow } from './reading.js';

function translate(window: WindowFacts, reading: ZenityWindow, ctx: Pick<TranslateContext, 'warnings' | 'truncated'>): WindowView<ZenityWindow> {
  switch (reading.kind) {
    case 'message':
      return translateMessage(window, reading, ctx);
    case 'entry':
      return translateEntry(window, reading, ctx);
    case 'list':
      return translateList(window, reading, ctx);
    default:
      return translateForms(window, reading, ctx);
  }
}

export const zenityTranslator = defineTranslator({
  id: 'zenity',
  match: { appName: 'zenity', test: (_window, root) => zenityKind(root) !== undefined },
  read: (_window, tree) => readZenityWindow(tree.root),
  translate: (window, _tree, ctx, reading) => withGenericActions(translate(window, reading, ctx), reading),
  notes:
    'zenity dialogs: answer {choice} presses a button; submit fills and sends an entry, password or form (every form field is required unless listed in optional); choose {row} picks a list row by its 0-based index (load_rows reads rows past the first ones).',
});
