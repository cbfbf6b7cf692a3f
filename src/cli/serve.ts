/** `gui-bridge serve`: parses its options, then loads the server (not for --help or a usage error). */
import { parseServeArgs, SERVE_FLAGS, SERVE_HELP } from './serveOptions.js';

export { SERVE_HELP };

export async function serveCommand(argv: string[]): Promise<number> {
  // Command line, then GUI_BRIDGE_<FLAG> variables, then the config file's defaults.
  const { configDefaults } = await import('./config.js');
  const config = parseServeArgs(argv, { ...(await configDefaults('serve', argv, SERVE_FLAGS)), ...process.env });
  if (config.help) {
    process.stdout.write(SERVE_HELP);
    return 0;
  }
  (await import('./youngGeneration.js')).keepYoungGenerationSmall();
  const { runServe } = await import('./serveRun.js');
  return runServe(config);
}
