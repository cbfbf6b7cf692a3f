/** Corpus, GTK 4 and Gecko: a text editor, a file manager, and Firefox on a local page. */
import { corpusSuite } from './harness.js';

corpusSuite('corpus: GTK 4 and Gecko apps', ['gnome-text-editor', 'nautilus', 'firefox-esr']);
