import { silentLogger } from '../util/logger.js';
import { DEMO_FLAGS, DEMO_HELP } from './demoOptions.js';
import { startBridge } from './runtime.js';
import { openSource } from './source.js';
import { parseCommandArgs } from './usage.js';

export const SNAPSHOT_HELP = `Usage: gui-bridge snapshot [source] [--compact]

Prints the app://windows snapshot once (JSON) and exits.

Source:
${DEMO_HELP}

  --compact              print the exact bytes a client reads (one line) instead of indented JSON
`;

export async function snapshotCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs('snapshot', argv, { ...DEMO_FLAGS, compact: { type: 'boolean' } });
  if (values.help) {
    process.stdout.write(SNAPSHOT_HELP);
    return 0;
  }
  const source = await openSource('snapshot', values);
  const bridge = await startBridge(source.probe, silentLogger, source.multiApp);
  const json = bridge.snapshotJson();
  process.stdout.write(`${values.compact ? json : JSON.stringify(JSON.parse(json), null, 2)}\n`);
  await bridge.close();
  return 0;
}
