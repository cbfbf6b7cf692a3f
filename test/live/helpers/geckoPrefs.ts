/**
 * Prefs every Gecko app of the live tests starts with (Firefox, Thunderbird): no telemetry, no
 * update or add-on checks, no connectivity probes, and all traffic except to 127.0.0.1 sent to a
 * closed local port (no network). Each app adds its own first-run prefs.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type GeckoPrefs = Record<string, string | number | boolean>;

export const GECKO_OFFLINE_PREFS: GeckoPrefs = {
  'datareporting.policy.dataSubmissionEnabled': false,
  'datareporting.healthreport.uploadEnabled': false,
  'toolkit.telemetry.enabled': false,
  'toolkit.telemetry.reportingpolicy.firstRun': false,
  'app.update.enabled': false,
  'app.update.auto': false,
  'extensions.update.enabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'network.proxy.type': 1,
  'network.proxy.http': '127.0.0.1',
  'network.proxy.http_port': 9,
  'network.proxy.ssl': '127.0.0.1',
  'network.proxy.ssl_port': 9,
  'network.proxy.no_proxies_on': '127.0.0.1',
  'network.proxy.allow_hijacking_localhost': false,
  'services.settings.server': 'http://127.0.0.1:9/',
};

/** Writes prefs into a profile folder as user.js, which Gecko reads at start-up. */
export function writeUserPrefs(profile: string, prefs: GeckoPrefs): void {
  const lines = Object.entries(prefs).map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});`);
  writeFileSync(join(profile, 'user.js'), lines.join('\n') + '\n');
}
