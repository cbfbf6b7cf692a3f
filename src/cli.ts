#!/usr/bin/env node
/** `gui-bridge`: serve · snapshot (more commands join as platforms land). */
import { desktopCommand } from './cli/desktop.js';
import { desktopUserTarget, reexecAs } from './cli/desktopUser.js';
import { a2cCommand } from './cli/a2c.js';
import { recordCommand } from './cli/record.js';
import { serveCommand } from './cli/serve.js';
import { snapshotCommand } from './cli/snapshot.js';
import { UsageError } from './cli/usage.js';
import { PROTOCOL_NAME, PROTOCOL_VERSION, SERVER_VERSION } from './version.js';

const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  serve: serveCommand,
  snapshot: snapshotCommand,
  record: recordCommand,
  desktop: desktopCommand,
  a2c: a2cCommand,
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

Run "gui-bridge <command> --help" for a command's options.
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(HELP);
    return command === undefined ? 2 : 0;
  }
  if (command === '--version') {
    process.stdout.write(`${SERVER_VERSION}\n`);
    return 0;
  }
  const run = COMMANDS[command];
  if (!run) throw new UsageError('gui-bridge', `unknown command "${command}"`);
  const desktopUser = desktopUserTarget(command);
  if (desktopUser) return reexecAs(desktopUser, argv);
  return run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`gui-bridge ${error.command === 'gui-bridge' ? '' : `${error.command} `}: ${error.message} (see --help)\n`.replace(' :', ':'));
      process.exitCode = 2;
      return;
    }
    process.stderr.write(`gui-bridge: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
