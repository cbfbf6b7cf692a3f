/** Corpus, GTK 3: a spreadsheet, a word processor, a document viewer, a file manager, a calculator. */
import { corpusSuite } from './harness.js';

corpusSuite('corpus: GTK 3 apps', ['gnumeric', 'abiword', 'evince', 'thunar', 'qalculate-gtk']);
