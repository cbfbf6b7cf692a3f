/**
 * Translator for gedit (GTK3, `gedit --standalone`): its main windows (the current document: name,
 * folder, modified flag, language, cursor, text; write, save, save as, open, close) and its
 * "save changes?" question. Its file choosers belong to the gtk-file-chooser translator. The
 * generic actions stay available beside ours (withGenericActions): menus, keys, tabs, load_text.
 */
import { defineTranslator, findFirst, withGenericActions } from '../../src/sdk/translate.js';
import type { A11yNode } from '../../src/sdk/translate.js';
import { isCloseQuestion, translateCloseQuestion } from './closeQuestion.js';
import { isDocumentView } from './document.js';
import { translateEditor } from './editor.js';
import { readGeditWindow } from './reading.js';

const isEditor = (root: A11yNode) => root.role === 'frame' && findFirst(root, isDocumentView) !== undefined;

export const geditTranslator = defineTranslator({
  id: 'gedit',
  match: { appId: 'org.gnome.gedit', test: (_window, root) => isEditor(root) || isCloseQuestion(root) },
  read: readGeditWindow,
  translate: (window, _tree, ctx, reading) => {
    const view = reading.editor ? translateEditor(reading.editor, reading.generic, ctx) : translateCloseQuestion(window, reading, ctx);
    return withGenericActions(view, reading);
  },
  notes:
    'gedit: set_text/insert_text write the current document, save_as {path} saves it to an absolute path in one call; gedit adds one final newline when saving. Closing with unsaved changes opens a question window with an answer tool.',
});
