/** Chooses the probe a command works on: the demo app or a recorded fixture; real platforms plug in here. */
// Probes are imported when chosen: `serve --help` and `serve --demo` load no fixture or desktop code.
import type { AppInfo, Probe } from '../platform/probe.js';
import type { TranslatorDef } from '../translate/types.js';
import { demoOptions, demoUserEdits } from './demoOptions.js';
import { openLiveSource, preloadLiveSource, wantsLiveSource } from './liveSource.js';
import type { SourceFlagValues } from './sourceFlags.js';
import { UsageError } from './usage.js';

export { SOURCE_FLAGS, SOURCE_HELP, type SourceFlagValues } from './sourceFlags.js';

export interface OpenedSource {
  probe: Probe;
  /** Several applications in one server → per-app tool names (D-4). */
  multiApp: boolean;
  /** Which applications to serve (D-4); all when omitted. */
  inScope?: (app: AppInfo) => boolean;
  /** Screenshot blocks and capture actions (--screenshots). */
  screenshots?: boolean;
  /** Safety re-scan interval for sources whose change feed may miss events. */
  rescanMs?: number;
  description: string;
  /** External translators (config, then --translator), tried before the built-in ones. */
  translators: TranslatorDef[];
}

/**
 * The external translators (config, then --translator), loaded before the source opens: a
 * translator that does not load must stop the command at once. Local and bounded (module
 * imports, one config file), unlike opening a desktop.
 */
export async function loadSourceTranslators(command: string, values: SourceFlagValues): Promise<TranslatorDef[]> {
  if (wantsLiveSource(values)) preloadLiveSource();
  const { findConfig } = await import('./config.js');
  const { loadTranslators } = await import('./translators.js');
  const config = await findConfig(command, values.config);
  return loadTranslators(command, [...(config?.translators ?? []), ...(values.translator ?? [])]);
}

/** `translators`: already loaded by `loadSourceTranslators`, else loaded here first. */
export async function openSource(command: string, values: SourceFlagValues, translators?: TranslatorDef[]): Promise<OpenedSource> {
  const loaded = translators ?? (await loadSourceTranslators(command, values));
  return { ...(await openProbe(command, values)), translators: loaded };
}

async function openProbe(command: string, values: SourceFlagValues): Promise<Omit<OpenedSource, 'translators'>> {
  const chosen = [values.demo === true, values.fixture !== undefined, wantsLiveSource(values)].filter(Boolean).length;
  if (chosen > 1) throw new UsageError(command, 'choose one source: --app/--all-apps, --demo or --fixture');
  if (wantsLiveSource(values)) return openLiveSource(command, values);
  if (values.screenshots) throw new UsageError(command, '--screenshots needs a live desktop: --app NAME or --all-apps');
  if (values.fixture !== undefined) return openFixture(command, values.fixture);
  if (values.demo) {
    const { openDemoProbe } = await import('../platform/demo/probe.js');
    const probe = await openDemoProbe(demoOptions(command, values));
    const userEvery = demoUserEdits(command, values);
    if (userEvery) probe.app.simulateUser(userEvery);
    return { probe, multiApp: false, description: 'the built-in Orders demo app' };
  }
  throw new UsageError(
    command,
    'choose what to serve: --app NAME or --all-apps (this desktop), --demo (the built-in demo app) or --fixture PATH (a recording)',
  );
}

async function openFixture(command: string, path: string): Promise<Omit<OpenedSource, 'translators'>> {
  if (path.trim() === '') throw new UsageError(command, '--fixture needs a file path');
  const { readFixtureFile } = await import('../platform/fixture/files.js');
  const { openFixtureProbe } = await import('../platform/fixture/probe.js');
  const fixture = await readFixtureFile(path);
  return {
    probe: await openFixtureProbe({ fixture }),
    multiApp: fixture.apps.length > 1,
    description: `the recorded fixture ${path} (offline, read-only)`,
  };
}
