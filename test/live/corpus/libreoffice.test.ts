/** Corpus, LibreOffice: Impress and Draw. */
import { corpusSuite } from './harness.js';

corpusSuite('corpus: LibreOffice apps', ['libreoffice-impress', 'libreoffice-draw']);
