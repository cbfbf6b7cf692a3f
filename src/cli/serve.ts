/** `gui-bridge serve`: parses its options, then loads the server (not for --help or a usage error). */
import { parseServeArgs, SERVE_HELP } from './serveOptions.js';

export { SERVE_HELP };

export async function serveCommand(argv: string[]): Promise<number> {
  const config = parseServeArgs(argv);
  if (config.help) {
    process.stdout.write(SERVE_HELP);
    return 0;
  }
  const { runServe } = await import('./serveRun.js');
  return runServe(config);
}
