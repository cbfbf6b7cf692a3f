import { silentLogger } from '../util/logger.js';
import { openSource, SOURCE_FLAGS, SOURCE_HELP } from './source.js';
import { parseCommandArgs } from './usage.js';

export const SNAPSHOT_HELP = `Usage: gui-bridge snapshot [source] [--compact]

Prints the app://windows snapshot once (JSON) and exits.

Source:
${SOURCE_HELP}

  --compact              print the exact bytes a client reads (one line) instead of indented JSON
`;

export async function snapshotCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs('snapshot', argv, { ...SOURCE_FLAGS, compact: { type: 'boolean' } });
  if (values.help) {
    process.stdout.write(SNAPSHOT_HELP);
    return 0;
  }
  const { startBridge } = await import('./runtime.js'); // not for --help (issue 12)
  const source = await openSource('snapshot', values);
  const bridge = await startBridge(source, silentLogger);
  const json = bridge.snapshotJson();
  process.stdout.write(`${values.compact ? json : JSON.stringify(JSON.parse(json), null, 2)}\n`);
  await bridge.close();
  return 0;
}
