/**
 * What a Java app's log (stdout and stderr, kept by the desktop) must not hold after a task: a
 * Java exception (a stack trace) or a GLib critical or warning from the ATK wrapper's native
 * side. The wrapper prints those with no log domain ("** (java:123): WARNING **: …").
 */
import { readFileSync } from 'node:fs';
import { APP_OWN_MESSAGES } from '../../helpers/appLogs.js';
import { fail } from './checks.js';

/** "Exception in thread …", "java.lang.NullPointerException: …", and a trace's "\tat pkg.Class.method(File.java:12)". */
const JAVA_TROUBLE = /(Exception in thread|^\S*(?:Exception|Error)(?::|$)|^\s+at [\w$.<>]+\(.*\)$)/;

/** A GLib message without a domain: "** (java:4242): WARNING **: 12:00:00.000: text". */
const DOMAINLESS = /^\*\* \([^():]+:\d+\): (CRITICAL|WARNING) \*\*: (?:\d\d:\d\d:\d\d\.\d+: )?(.*)$/;

/** Messages of java-atk-wrapper that any AT-SPI reader causes, not only the bridge (appLogs.ts). */
export const ATK_WRAPPER_READER_MESSAGES: RegExp[] = APP_OWN_MESSAGES.java ?? [];

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
