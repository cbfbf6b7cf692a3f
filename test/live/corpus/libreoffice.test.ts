/**
 * Corpus, LibreOffice: Impress and Draw. Freeplane (Java Swing, apps.ts) is left out: with the ATK
 * wrapper it registers, but its window exposes no content to pyatspi either (docs/corpus.md).
 */
import { corpusSuite } from './harness.js';

corpusSuite('corpus: LibreOffice apps', ['libreoffice-impress', 'libreoffice-draw']);
