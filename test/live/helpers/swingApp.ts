/**
 * The Swing fixture (test/live/fixtures/SwingForm.java), compiled with the system `javac` into a
 * temporary directory and launched with the Java ATK wrapper as its assistive technology, as
 * Debian's libatk-wrapper-java is meant to be enabled (the commented-out line of
 * /etc/java-*-openjdk/accessibility.properties, given on the command line instead).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Desktop, LaunchedApp } from '../../../src/platform/linux/desktop/index.js';

const SOURCE = fileURLToPath(new URL('../fixtures/SwingForm.java', import.meta.url));
/** Debian's libatk-wrapper-java (the classes) and libatk-wrapper-java-jni (the native part). */
const ATK_WRAPPER_JAR = '/usr/share/java/java-atk-wrapper.jar';
const ATK_WRAPPER_JNI = '/usr/lib/x86_64-linux-gnu/jni';

export interface SwingApp {
  app: LaunchedApp;
  /** Removes the compiled classes (after the app was stopped). */
  cleanUp(): void;
}

/** The java arguments that load the ATK wrapper (shared with the bench). */
export function atkWrapperArgs(classPath: string, mainClass: string): string[] {
  return [
    '-cp',
    `${classPath}:${ATK_WRAPPER_JAR}`,
    `-Djava.library.path=${ATK_WRAPPER_JNI}`,
    '-Djavax.accessibility.assistive_technologies=org.GNOME.Accessibility.AtkWrapper',
    mainClass,
  ];
}

export async function launchSwingForm(desktop: Desktop): Promise<SwingApp> {
  const dir = mkdtempSync(join(tmpdir(), 'gui-bridge-swing-'));
  execFileSync('javac', ['-d', dir, SOURCE], { stdio: 'pipe' });
  const app = await desktop.launch('java', atkWrapperArgs(dir, 'SwingForm'), { captureStdout: true });
  return { app, cleanUp: () => rmSync(dir, { recursive: true, force: true }) };
}
