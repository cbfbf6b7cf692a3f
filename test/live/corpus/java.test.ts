/** Corpus, Java Swing through the ATK wrapper: jEdit, a text editor (Freeplane exposes nothing: docs/corpus.md). */
import { corpusSuite } from './harness.js';

corpusSuite('corpus: Java Swing apps', ['jedit']);
