/** `gui-bridge record`: writes what a source shows into a fixture file (fixtures/<app>/<scenario>.json). */
import type { Fixture } from '../platform/fixture/format.js';
import type { TranslatorDef } from '../translate/types.js';
import { openSource, SOURCE_FLAGS, SOURCE_HELP } from './source.js';
import { applyEnvFlags } from './envFlags.js';
import { parseCommandArgs, UsageError } from './usage.js';

export const RECORD_HELP = `Usage: gui-bridge record [source] [--title TEXT] -o fixtures/<app>/<scenario>.json

Records what a source shows — applications, windows and their accessibility trees — into a
fixture file that TranslatorTester and "serve --fixture" replay offline. The source is the
applications chosen with --app on this desktop, the demo app, or another fixture. Password fields
are never recorded in clear text: a sensitive node carrying anything but '' or the mask is
scrubbed and reported.

Source:
${SOURCE_HELP}

  --title TEXT           only windows whose title contains TEXT
  --note TEXT            how the scenario was set up (stored in the fixture)
  -o, --output PATH      the fixture file to write (required)
  --force                replace an existing file
`;

const FLAGS = {
  ...SOURCE_FLAGS,
  title: { type: 'string' },
  note: { type: 'string' },
  output: { type: 'string', short: 'o' },
  force: { type: 'boolean' },
} as const;

export async function recordCommand(argv: string[]): Promise<number> {
  const parsed = parseCommandArgs('record', argv, FLAGS).values;
  if (parsed.help) {
    process.stdout.write(RECORD_HELP);
    return 0;
  }
  const { configDefaults } = await import('./config.js');
  const values = applyEnvFlags('record', FLAGS, parsed, await configDefaults('record', argv, FLAGS)) as typeof parsed;
  const output = values.output;
  if (!output) throw new UsageError('record', '-o PATH is required (e.g. -o fixtures/my-app/main-window.json)');
  if (!output.endsWith('.json') || output.endsWith('.expected.json')) {
    throw new UsageError('record', '-o must name a .json file that is not an .expected.json file');
  }
  // Loaded only now: --help and usage errors load no recorder.
  const { writeFixtureFile } = await import('../platform/fixture/files.js');
  const { recordFixture } = await import('../platform/fixture/record.js');
  const source = await openSource('record', values);
  try {
    const { fixture, scrubbed } = await recordFixture(source.probe, { apps: values.app, inScope: source.inScope, title: values.title, note: values.note });
    if (scrubbed.length > 0) {
      // The probe should have masked these already; the recorder is the last guard (P-SENS-1).
      process.stderr.write(`gui-bridge record: scrubbed ${scrubbed.length} sensitive value(s) the source did not mask (${scrubbed.join(', ')})\n`);
    }
    await writeFixtureFile(output, fixture, values.force === true);
    const nodes = Object.values(fixture.trees).reduce((n, t) => n + t.nodeCount, 0);
    process.stderr.write(`gui-bridge record: wrote ${output}: ${fixture.windows.length} window(s), ${nodes} nodes from ${source.description}\n`);
    if (source.translators.length > 0) process.stderr.write(await claims(fixture, source.translators));
    return 0;
  } finally {
    await source.probe.close();
  }
}

/** Which loaded translator claims each recorded window: an author sees at once whether `match` fits. */
async function claims(fixture: Fixture, translators: readonly TranslatorDef[]): Promise<string> {
  const { fixtureFacts } = await import('../testing/fixtureView.js');
  const { matchesWindow } = await import('../translate/registry.js');
  return fixtureFacts(fixture)
    .map((facts) => {
      const root = fixture.trees[facts.nativeId]?.root;
      const owner = root ? translators.find((t) => matchesWindow(t.match, facts, root)) : undefined;
      return `gui-bridge record: "${facts.title}" → ${owner ? `translator "${owner.id}"` : 'no --translator matches it'}\n`;
    })
    .join('');
}
