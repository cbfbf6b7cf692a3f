import { silentLogger } from '../util/logger.js';
import { openSource, SOURCE_FLAGS, SOURCE_HELP } from './source.js';
import { applyEnvFlags } from './envFlags.js';
import { parseCommandArgs } from './usage.js';

const FLAGS = { ...SOURCE_FLAGS, compact: { type: 'boolean' }, tools: { type: 'boolean' } } as const;

export const SNAPSHOT_HELP = `Usage: gui-bridge snapshot [source] [--compact] [--tools]

Prints the app://windows snapshot once (JSON) and exits.

Source:
${SOURCE_HELP}

  --compact              print the exact bytes a client reads (one line) instead of indented JSON
  --tools                print the tool list instead ({"tools": [...]}, as tools/list answers
                         when serve has no tool filter): names, schemas, annotations
`;

export async function snapshotCommand(argv: string[]): Promise<number> {
  const parsed = parseCommandArgs('snapshot', argv, FLAGS).values;
  if (parsed.help) {
    process.stdout.write(SNAPSHOT_HELP);
    return 0;
  }
  // A config's defaults apply to the source flags (its "tools" is serve's filter, not this switch).
  const { configDefaults } = await import('./config.js');
  const { tools: _serveFilter, ...configurable } = FLAGS;
  const values = applyEnvFlags('snapshot', configurable, parsed, await configDefaults('snapshot', argv, configurable)) as typeof parsed;
  const { startBridge } = await import('./runtime.js'); // not for --help
  const source = await openSource('snapshot', values);
  const bridge = await startBridge(source, silentLogger);
  const json = values.tools ? JSON.stringify({ tools: bridge.tools() }) : bridge.snapshotJson();
  process.stdout.write(`${values.compact ? json : JSON.stringify(JSON.parse(json), null, 2)}\n`);
  await bridge.close();
  return 0;
}
