/** Corpus, LibreOffice and Java Swing: Impress, Draw and Freeplane. */
import { corpusSuite } from './harness.js';

corpusSuite('corpus: LibreOffice and Java apps', ['libreoffice-impress', 'libreoffice-draw', 'freeplane']);
