/** Corpus, GTK 4 and Gecko: a text editor, a file manager, Firefox on a local page, Thunderbird on a local folder. */
import { corpusSuite } from './harness.js';

corpusSuite('corpus: GTK 4 and Gecko apps', ['gnome-text-editor', 'nautilus', 'firefox-esr', 'thunderbird']);
