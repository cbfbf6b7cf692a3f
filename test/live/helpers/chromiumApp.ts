/**
 * The system Chromium showing the local HTML form (test/live/fixtures/web-form.html) on a live
 * desktop: a private profile, no first-run UI, no sandbox when running as root (Chromium refuses
 * root otherwise). No accessibility flag: the desktop turned org.a11y.Status on before Chromium
 * started, which Chromium reads at start-up (docs/toolkits.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Desktop, LaunchedApp } from '../../../src/platform/linux/desktop/index.js';

export const CHROMIUM = '/usr/bin/chromium';
const FORM = fileURLToPath(new URL('../fixtures/web-form.html', import.meta.url));

export interface ChromiumApp {
  app: LaunchedApp;
  /** Removes the private profile (after the browser was stopped). */
  cleanUp(): void;
}

export async function launchChromiumForm(desktop: Desktop): Promise<ChromiumApp> {
  return launchChromium(desktop, pathToFileURL(FORM).href);
}

/** Chromium showing `url` (a file, or a page served on 127.0.0.1). */
export async function launchChromium(desktop: Desktop, url: string): Promise<ChromiumApp> {
  const profile = mkdtempSync(join(tmpdir(), 'gui-bridge-chromium-'));
  const args = [
    `--user-data-dir=${profile}`,
    '--no-first-run',
    '--no-default-browser-check',
    '--password-store=basic',
    '--disable-gpu',
    '--test-type', // no "unsupported command-line flag" bar for --no-sandbox
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    url,
  ];
  const app = await desktop.launch(CHROMIUM, args);
  return { app, cleanUp: () => rmSync(profile, { recursive: true, force: true }) };
}
