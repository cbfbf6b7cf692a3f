/** Corpus, Qt 5 and Qt 6: a password manager, a database browser, a file manager, a document viewer, a package browser, a word processor. */
import { corpusSuite } from './harness.js';

corpusSuite('corpus: Qt apps', ['keepassxc', 'sqlitebrowser', 'pcmanfm-qt', 'qpdfview', 'packagesearch', 'focuswriter']);
