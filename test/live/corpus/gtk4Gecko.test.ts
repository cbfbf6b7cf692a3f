/**
 * Corpus, GTK 4: a text editor and a file manager. Firefox is not in this group yet: its coverage
 * is 71–87% (the tab strip's buttons, a notification bar's text, a table header) and its page
 * sometimes showed "Problem loading page" here (docs/corpus.md); the web-form task
 * (test/live/tasks/webForms.test.ts) runs Gecko live meanwhile.
 */
import { corpusSuite } from './harness.js';

corpusSuite('corpus: GTK 4 apps', ['gnome-text-editor', 'nautilus']);
