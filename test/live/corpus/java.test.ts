/**
 * Corpus, Java Swing through the ATK wrapper: jEdit, a text editor, and JabRef, a reference
 * manager. Freeplane is left out: its mind map exposes no node text, to pyatspi either (docs/corpus.md).
 */
import { corpusSuite } from './harness.js';

corpusSuite('corpus: Java Swing apps', ['jedit', 'jabref']);
