/** `gui-bridge serve`: parses its options, then loads the server (not for --help or a usage error). */
import { parseServeArgs, SERVE_FLAGS, SERVE_HELP } from './serveOptions.js';

export { SERVE_HELP };

export async function serveCommand(argv: string[]): Promise<number> {
  // The server's own modules load while the options are read (start-up); not for
  // --help, which loads nothing else.
  const help = argv.includes('--help') || argv.includes('-h');
  const zodMode = help ? undefined : import('./zodMode.js').then((mode) => mode.interpretZodSchemas());
  zodMode?.catch(() => undefined); // a usage error never awaits it
  const running = help ? undefined : import('./serveRun.js');
  running?.catch(() => undefined); // a usage error never awaits it
  // Command line, then GUI_BRIDGE_<FLAG> variables, then the config file's defaults.
  const { configDefaults } = await import('./config.js');
  const config = parseServeArgs(argv, { ...(await configDefaults('serve', argv, SERVE_FLAGS)), ...process.env });
  if (config.help) {
    process.stdout.write(SERVE_HELP);
    return 0;
  }
  const { runServe } = await (running ?? import('./serveRun.js'));
  // runServe loads the modules that make zod schemas once zod's mode is set (a failure to set it
  // only leaves zod generating its parsers); the desktop connects meanwhile.
  return runServe(
    config,
    (zodMode ?? Promise.resolve()).catch(() => undefined),
  );
}
