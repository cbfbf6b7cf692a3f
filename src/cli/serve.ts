import { createWindowResources } from '../a2c/windowResources.js';
import { SessionHub } from '../server/hub.js';
import { startHttpServer } from '../server/http.js';
import { serveStdio } from '../server/stdio.js';
import { createLogger, type LogLevel } from '../util/logger.js';
import { startBridge } from './runtime.js';
import { openSource, SOURCE_FLAGS, SOURCE_HELP } from './source.js';
import { A2C_HOST_HELP, parseA2cHost } from './a2cOptions.js';
import { LIMIT_FLAGS, LIMIT_HELP, httpLimits, httpToken, maxWindows } from './limitOptions.js';
import { parseCommandArgs, parsePort, UsageError } from './usage.js';

export const SERVE_HELP = `Usage: gui-bridge serve [source] [--http PORT [--host H] [--token T]] [--stdio]

Serves the GUI Bridge Protocol over MCP: stdio by default, Streamable HTTP with --http.

Source:
${SOURCE_HELP}

Transport:
  --http PORT            serve Streamable HTTP at http://HOST:PORT/mcp (many clients at once)
  --host H               address to bind (default 127.0.0.1); a non-loopback address exposes the
                         desktop to the network and needs a token
  --token T              require "Authorization: Bearer T" (or set GUI_BRIDGE_TOKEN)
  --allowed-host NAME    also accept this Host header (repeatable)
  --allowed-origin URL   also accept this Origin (repeatable)
${LIMIT_HELP}
  --stdio                serve stdio too when --http is given
  --log-level L          debug | info | warn | error (default info; logs go to stderr)

A2C-SMCP (docs/a2c.md):
  --a2c                  also list one window://HOST/WINID resource per window (A2C-SMCP v0.2)
${A2C_HOST_HELP}
`;

const FLAGS = {
  ...SOURCE_FLAGS,
  http: { type: 'string' },
  host: { type: 'string' },
  token: { type: 'string' },
  'allowed-host': { type: 'string', multiple: true },
  'allowed-origin': { type: 'string', multiple: true },
  ...LIMIT_FLAGS,
  stdio: { type: 'boolean' },
  'log-level': { type: 'string' },
  a2c: { type: 'boolean' },
  'a2c-host': { type: 'string' },
} as const;

const LEVELS = ['debug', 'info', 'warn', 'error'];
const EXIT_GRACE_MS = 3000;

export async function serveCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs('serve', argv, FLAGS);
  if (values.help) {
    process.stdout.write(SERVE_HELP);
    return 0;
  }
  const level = values['log-level'] ?? 'info';
  if (!LEVELS.includes(level)) throw new UsageError('serve', `--log-level must be one of ${LEVELS.join(', ')}`);
  const port = values.http !== undefined ? parsePort('serve', '--http', values.http) : undefined;
  if (port === undefined && (values.host !== undefined || values.token !== undefined)) throw new UsageError('serve', '--host and --token need --http PORT');
  const token = port === undefined ? undefined : httpToken('serve', values.token, values.host);
  const limits = httpLimits('serve', values);
  const maxWindowsPerApp = maxWindows('serve', values);
  const a2cHost = parseA2cHost('serve', values['a2c-host'], values.a2c === true);
  const log = createLogger({ level: level as LogLevel });

  const source = await openSource('serve', values);
  const bridge = await startBridge(source, log, { maxWindowsPerApp });
  const hub = new SessionHub(bridge, log, values.a2c ? createWindowResources(bridge, { host: a2cHost, multiApp: source.multiApp }) : undefined);
  const stops: Array<() => Promise<void>> = [];
  if (port !== undefined) {
    const http = await startHttpServer(hub, {
      port,
      host: values.host,
      token,
      ...limits,
      allowedHosts: values['allowed-host'],
      allowedOrigins: values['allowed-origin'],
    });
    stops.push(http.close);
    log.info(`serving ${source.description} at ${http.url}${token ? ' (bearer token required)' : ''}`);
    process.stderr.write(connectHint(http.url));
  }
  let stdioClosed: Promise<void> | undefined;
  if (port === undefined || values.stdio) {
    stdioClosed = (await serveStdio(hub)).closed;
    log.info(`serving ${source.description} on stdio`);
  }
  await waitForExit(stdioClosed, port !== undefined);
  // A platform handle that outlives close() (a D-Bus socket, an X connection) must not keep a
  // server whose client is gone running: exit after a short grace period regardless.
  setTimeout(() => process.exit(process.exitCode ?? 0), EXIT_GRACE_MS).unref();
  hub.close();
  for (const stop of stops) await stop();
  await bridge.close();
  return 0;
}

function connectHint(url: string): string {
  return `\nConnect an MCP client to ${url}\n  e.g. npx @modelcontextprotocol/inspector-cli --cli ${url} --transport http --method tools/list\n  Claude Code: claude mcp add --transport http gui-bridge ${url}\n\n`;
}

/** Runs until a signal, or until the stdio client leaves when stdio is the only transport. */
function waitForExit(stdioClosed: Promise<void> | undefined, hasHttp: boolean): Promise<void> {
  return new Promise((resolve) => {
    const done = () => resolve();
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
    if (stdioClosed && !hasHttp) void stdioClosed.then(done);
  });
}
