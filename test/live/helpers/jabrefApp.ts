/**
 * JabRef's preferences, made before it starts in a folder of its own: the JVM is pointed there
 * (`-Djava.util.prefs.userRoot`), so each run is a first run that shares nothing with another
 * desktop's JabRef or the user's. Its remote server is switched off: on by default, it listens on
 * a fixed local port (6050), and a second JabRef, on any desktop, would hand it the library to
 * open and exit.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where java.util.prefs keeps a user's nodes under its root; JabRef's node is /net/sf/jabref. */
const JABREF_NODE = ['.java', '.userPrefs', 'net', 'sf', 'jabref'];

const PREFS_XML = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!DOCTYPE map SYSTEM "http://java.sun.com/dtd/preferences.dtd">
<map MAP_XML_VERSION="1.0">
  <entry key="useRemoteServer" value="false"/>
</map>
`;

/** Writes the preferences under `root`, the folder the JVM's `java.util.prefs.userRoot` names. */
export function writeJabRefPrefs(root: string): void {
  const node = join(root, ...JABREF_NODE);
  mkdirSync(node, { recursive: true });
  writeFileSync(join(node, 'prefs.xml'), PREFS_XML);
}
