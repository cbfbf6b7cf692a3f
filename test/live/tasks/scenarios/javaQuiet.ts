/**
 * What a Java app's log (stdout and stderr, kept by the desktop) must not hold after a task: a
 * Java exception (a stack trace) or a GLib critical or warning from the ATK wrapper's native
 * side. The wrapper prints those with no log domain ("** (java:123): WARNING **: …"), a form
 * appLogs.ts's check does not match, so this check reads them itself.
 */
import { readFileSync } from 'node:fs';
import { fail } from './checks.js';

/** "Exception in thread …", "java.lang.NullPointerException: …", and a trace's "\tat pkg.Class.method(File.java:12)". */
const JAVA_TROUBLE = /(Exception in thread|^\S*(?:Exception|Error)(?::|$)|^\s+at [\w$.<>]+\(.*\)$)/;

/** A GLib message without a domain: "** (java:4242): WARNING **: 12:00:00.000: text". */
const DOMAINLESS = /^\*\* \([^():]+:\d+\): (CRITICAL|WARNING) \*\*: (?:\d\d:\d\d:\d\d\.\d+: )?(.*)$/;

/**
 * Messages of java-atk-wrapper (0.38) that any AT-SPI reader causes, not only the bridge: a
 * pyatspi dump of jEdit's window alone (atspi-fixture.py, no bridge on the desktop, keys by
 * xdotool) printed both; the same keyboard-only task with no AT-SPI client printed neither.
 * They say the wrapper found no accessible for a parent or a relation's target and answered none.
 */
export const ATK_WRAPPER_READER_MESSAGES: RegExp[] = [/^didn't find parent, returning null$/, /^jaw_object_ref_relation_set: target_obj == NULL occurs$/];

/** The lines of the log that say something went wrong in the Java app or its ATK wrapper. */
export function javaTrouble(logFile: string): string[] {
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => {
      if (JAVA_TROUBLE.test(line)) return true;
      const message = DOMAINLESS.exec(line.trim());
      return !!message && !ATK_WRAPPER_READER_MESSAGES.some((known) => known.test(message[2] ?? ''));
    });
}

export function expectJavaQuiet(logFile: string): void {
  const trouble = javaTrouble(logFile);
  if (trouble.length > 0) fail(`the Java app printed ${trouble.length} line(s) of trouble:\n${trouble.join('\n')}`);
}
