/**
 * Translator for GTK3 file chooser dialogs, whichever app opens them (gedit's Save As and Open,
 * `zenity --file-selection`), GTK 4 save dialogs (GNOME Text Editor's Save As), and for the question a save dialog asks before replacing a file.
 * The generic actions stay available beside ours (withGenericActions): select a place or a file,
 * load_rows of a long folder, press any button.
 */
import { defineTranslator, withGenericActions } from '../../src/sdk/translate.js';
import { isFileChooser, readChooserWindow } from './reading.js';
import { isReplaceQuestion, translateReplaceQuestion } from './replaceQuestion.js';
import { translateChooser } from './view.js';

export const gtkFileChooserTranslator = defineTranslator({
  id: 'gtk-file-chooser',
  match: { test: (_window, root) => isFileChooser(root) || isReplaceQuestion(root) },
  read: (_window, tree) => readChooserWindow(tree.root),
  translate: (window, _tree, ctx, reading) => {
    const view = reading.chooser ? translateChooser(window, reading.chooser, ctx) : translateReplaceQuestion(reading.generic);
    return withGenericActions(view, reading);
  },
  notes:
    'File choosers: choose {path} takes an absolute path and accepts the dialog; if it asks whether to replace a file, that question is its own window with an answer tool.',
});
