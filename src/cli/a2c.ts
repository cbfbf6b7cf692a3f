/**
 * `gui-bridge a2c connect`: join an A2C-SMCP v0.2 office as a Computer hosting this bridge (with
 * its `window://` resources) as the MCP server "gui-bridge" (docs/a2c.md).
 */
import { ComputerConnector, namespaceUrl } from '../a2c/computer/connector.js';
import { Computer } from '../a2c/computer/computer.js';
import { BRIDGE_SERVER_NAME, hostBridge } from '../a2c/computer/bridgeServer.js';
import { DEFAULT_SCREENSHOT_OPTIONS } from '../bridge/screenshots.js';
import { createWindowResources } from '../a2c/windowResources.js';
import { SessionHub } from '../server/hub.js';
import { createLogger, type LogLevel } from '../util/logger.js';
import { A2C_HOST_HELP, parseA2cHost } from './a2cOptions.js';
import { startBridge } from './runtime.js';
import { openSource, SOURCE_FLAGS, SOURCE_HELP } from './source.js';
import { applyEnvFlags } from './envFlags.js';
import { parseCommandArgs, UsageError } from './usage.js';

export const A2C_HELP = `Usage: gui-bridge a2c connect --server URL --office ID --name NAME [--token T] [source] [options]

Joins an A2C-SMCP v0.2 office as a Computer that hosts this bridge as the MCP server
"${BRIDGE_SERVER_NAME}": agents in the office list and call its tools, read its windows as a desktop
and page its resources. Reconnects with backoff when the network drops; stops at once when the
server rejects the protocol version (4008).

Required:
  --server URL           the A2C-SMCP server's base URL, e.g. http://127.0.0.1:8000
  --office ID            the office (room) to join
  --name NAME            this Computer's name in the office

Options:
  --token T              sent as auth.token when connecting (or set GUI_BRIDGE_A2C_TOKEN)
  --socketio-path PATH   the server's Engine.IO HTTP path (default /socket.io)
${A2C_HOST_HELP}
  --log-level L          debug | info | warn | error (default info; logs go to stderr)

Source:
${SOURCE_HELP}
`;

const FLAGS = {
  ...SOURCE_FLAGS,
  server: { type: 'string' },
  office: { type: 'string' },
  name: { type: 'string' },
  token: { type: 'string' },
  'socketio-path': { type: 'string' },
  'a2c-host': { type: 'string' },
  'log-level': { type: 'string' },
} as const;

const LEVELS = ['debug', 'info', 'warn', 'error'];
const COMMAND = 'a2c connect';

export async function a2cCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === '--help' || sub === '-h') {
    process.stdout.write(A2C_HELP);
    return sub === undefined ? 2 : 0;
  }
  if (sub !== 'connect') throw new UsageError('a2c', `unknown subcommand "${sub}" (only "connect")`);
  const parsed = parseCommandArgs(COMMAND, rest, FLAGS).values;
  if (parsed.help) {
    process.stdout.write(A2C_HELP);
    return 0;
  }
  const { configDefaults } = await import('./config.js');
  const values = applyEnvFlags(COMMAND, FLAGS, parsed, await configDefaults(COMMAND, rest, FLAGS)) as typeof parsed;
  const options = connectOptions(values);
  const log = createLogger({ level: options.level, redact: () => (options.token ? [options.token] : []) });
  const source = await openSource(COMMAND, values);
  // Office agents are never on this machine: screenshots travel as data: URLs.
  const bridge = await startBridge(source, log, { screenshotOptions: { ...DEFAULT_SCREENSHOT_OPTIONS, urls: 'inline' } });
  const hub = new SessionHub(bridge, log, createWindowResources(bridge, { host: options.host, multiApp: source.multiApp }));
  const computer = new Computer(options.name, log);
  await computer.addServer(await hostBridge(hub, log));
  const connector = new ComputerConnector(computer, { ...options, serverUrl: options.server, log });
  const code = await runUntilDone(connector, options, source.description);
  await computer.close();
  hub.close();
  await bridge.close();
  return code;
}

interface ConnectOptions {
  server: string;
  office: string;
  name: string;
  token?: string;
  socketioPath?: string;
  host?: string;
  level: LogLevel;
}

function connectOptions(values: Record<string, string | boolean | string[] | undefined>): ConnectOptions {
  const text = (flag: string): string | undefined => (typeof values[flag] === 'string' ? (values[flag] as string) : undefined);
  const required = (flag: string): string => {
    const value = text(flag)?.trim();
    if (!value) throw new UsageError(COMMAND, `--${flag} is required`);
    return value;
  };
  const server = required('server');
  try {
    namespaceUrl(server);
  } catch (error) {
    throw new UsageError(COMMAND, `--server: ${error instanceof Error ? error.message : String(error)}`);
  }
  const level = text('log-level') ?? 'info';
  if (!LEVELS.includes(level)) throw new UsageError(COMMAND, `--log-level must be one of ${LEVELS.join(', ')}`);
  const path = text('socketio-path');
  if (path !== undefined && !path.startsWith('/')) throw new UsageError(COMMAND, '--socketio-path must start with "/"');
  return {
    server,
    office: required('office'),
    name: required('name'),
    token: text('token') ?? (process.env.GUI_BRIDGE_A2C_TOKEN || undefined),
    socketioPath: path,
    host: parseA2cHost(COMMAND, text('a2c-host')),
    level: level as LogLevel,
  };
}

/** Runs until a signal (exit 0) or a fatal rejection (exit 1, one line on stderr). */
async function runUntilDone(connector: ComputerConnector, options: ConnectOptions, description: string): Promise<number> {
  const signalled = new Promise<null>((resolve) => {
    process.once('SIGINT', () => resolve(null));
    process.once('SIGTERM', () => resolve(null));
  });
  try {
    const first = await Promise.race([connector.start().then(() => 'joined' as const), signalled]);
    if (first === 'joined') {
      process.stderr.write(`Computer "${options.name}" serves ${description} in office "${options.office}" at ${options.server}\n`);
      const error = await Promise.race([connector.finished, signalled]);
      if (error) throw error;
    }
    await connector.stop();
    return 0;
  } catch (error) {
    await connector.stop();
    process.stderr.write(`gui-bridge a2c: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
