#!/usr/bin/env node
/**
 * `gui-bridge`: serve · snapshot · record · desktop · a2c. Each command is imported only when it
 * runs, so `--version` and `--help` load nothing but this file and `version.js` (fast
 * start-up for clients that spawn the server, measured by bench/cli-startup.ts).
 */
import nodeModule from 'node:module';
import { PROTOCOL_NAME, PROTOCOL_VERSION, SERVER_VERSION } from './version.js';

type Command = (argv: string[]) => Promise<number>;

const COMMANDS: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./cli/serve.js')).serveCommand,
  snapshot: async () => (await import('./cli/snapshot.js')).snapshotCommand,
  record: async () => (await import('./cli/record.js')).recordCommand,
  desktop: async () => (await import('./cli/desktop.js')).desktopCommand,
  a2c: async () => (await import('./cli/a2c.js')).a2cCommand,
  translator: async () => (await import('./cli/translatorNew.js')).translatorCommand,
};

const HELP = `Usage: gui-bridge <command> [options]

An MCP server that lets AI agents read and operate desktop applications through each window's
meaning (${PROTOCOL_NAME} ${PROTOCOL_VERSION}).

Commands:
  serve       serve the protocol over stdio or Streamable HTTP
  snapshot    print the app://windows snapshot once
  record      record windows into a fixture file (replayed offline by serve --fixture)
  a2c         join an A2C-SMCP office as a Computer (a2c connect --server URL --office ID --name N)
  desktop     start/stop a private headless accessible desktop (Linux: up, down, status, env)
  translator  create a translator package (translator new NAME [--from-fixture F] [--out DIR])

Options:
  -h, --help     show this help ("gui-bridge <command> --help" for a command's options)
  -V, --version  print the version (${SERVER_VERSION})
`;

/** Same shape as cli/usage.ts's UsageError (not imported: it would load node:util here). */
function usageLine(command: string, message: string): string {
  return `gui-bridge${command === 'gui-bridge' ? '' : ` ${command}`}: ${message} (see --help)\n`;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(HELP);
    return command === undefined ? 2 : 0;
  }
  if (command === '--version' || command === '-V') {
    process.stdout.write(`${SERVER_VERSION}\n`);
    return 0;
  }
  // Own keys only: "constructor" or "__proto__" must not find Object.prototype's members.
  const load = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!load) {
    process.stderr.write(usageLine('gui-bridge', `unknown command "${command}"`));
    return 2;
  }
  // Node 22.1+ keeps V8's compiled code of every module it loads on disk (the OS temp folder, or
  // NODE_COMPILE_CACHE) and reuses it at the next start (spawn → first read); Node 20 has no such
  // cache and nothing happens. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
  // docs/decisions/startup-standard-means.md: why nothing else changes V8 here.
  (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  // Only a Wayland desktop's environment names a desktop user: load that code only then.
  if (process.env.GUI_BRIDGE_DESKTOP_USER) {
    const { desktopUserTarget, reexecAs } = await import('./cli/desktopUser.js');
    const desktopUser = desktopUserTarget(command);
    if (desktopUser) return reexecAs(desktopUser, argv);
  }
  return (await load())(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof Error && error.name === 'UsageError') {
      const command = (error as Error & { command?: string }).command ?? 'gui-bridge';
      process.stderr.write(usageLine(command, error.message));
      process.exitCode = 2;
      return;
    }
    process.stderr.write(`gui-bridge: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
