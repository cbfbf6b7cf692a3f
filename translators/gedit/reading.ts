/**
 * The gedit translator's reading of a window, computed once per window state by the bridge: the
 * generic reading (for the generic actions and the close question) and, in a main window, the
 * current document's.
 */
import { readGeneric } from '../../src/sdk/translate.js';
import type { GenericReading, WindowFacts, WindowTree } from '../../src/sdk/translate.js';
import { isCloseQuestion } from './closeQuestion.js';
import { readEditor, type EditorReading } from './document.js';

export interface GeditWindow extends GenericReading {
  /** The current document; absent in the "save changes?" question. */
  editor?: EditorReading;
}

export function readGeditWindow(window: WindowFacts, tree: WindowTree): GeditWindow {
  const generic = readGeneric(tree.root);
  return isCloseQuestion(tree.root) ? generic : { ...generic, editor: readEditor(window.title, tree.root) };
}
