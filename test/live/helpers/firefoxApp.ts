/**
 * Firefox (ESR) showing a page on a live desktop: a fresh private profile whose prefs switch off
 * every first-run page, update, telemetry and remote service, and send all traffic except to
 * 127.0.0.1 to a closed local port (no network). Accessibility needs no pref: Gecko turns it on
 * when org.a11y.Status is on at start-up, which the desktop set before any app started.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GECKO_OFFLINE_PREFS, writeUserPrefs, type GeckoPrefs } from './geckoPrefs.js';
import type { Desktop, LaunchedApp } from '../../../src/platform/linux/desktop/index.js';

export const FIREFOX = '/usr/bin/firefox-esr';

const PREFS: GeckoPrefs = {
  ...GECKO_OFFLINE_PREFS,
  'accessibility.force_disabled': 0,
  'browser.shell.checkDefaultBrowser': false,
  'browser.startup.homepage_override.mstone': 'ignore',
  'browser.aboutwelcome.enabled': false,
  'browser.tabs.warnOnClose': false,
  'browser.sessionstore.resume_from_crash': false,
  // The privacy notice opens in a second tab on a new profile, and fails to load offline: it can
  // come to the front ("Problem loading page") instead of the page under test.
  'datareporting.policy.firstRunURL': '',
  'browser.startup.firstrunSkipsHomepage': true,
  'startup.homepage_welcome_url': '',
  'startup.homepage_welcome_url.additional': '',
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'browser.safebrowsing.downloads.enabled': false,
  'browser.region.update.enabled': false,
  'media.gmp-manager.updateEnabled': false,
  'browser.newtabpage.enabled': false,
  'signon.rememberSignons': false,
};

export interface FirefoxApp {
  app: LaunchedApp;
  /** Removes the private profile (after the browser was stopped). */
  cleanUp(): void;
}

/** Writes the prefs above into a profile folder (user.js, read at start-up). */
export function writeFirefoxPrefs(profile: string): void {
  writeUserPrefs(profile, PREFS);
}

export async function launchFirefox(desktop: Desktop, url: string): Promise<FirefoxApp> {
  const profile = mkdtempSync(join(tmpdir(), 'gui-bridge-firefox-'));
  writeFirefoxPrefs(profile);
  const app = await desktop.launch(FIREFOX, ['--no-remote', '--new-instance', '--profile', profile, url]);
  return { app, cleanUp: () => rmSync(profile, { recursive: true, force: true }) };
}
