/** `serve`'s flags, help and their validation: command line, then `GUI_BRIDGE_<FLAG>` variables. */
import { MEDIA_PATH } from '../util/mediaPath.js';
import { isLoopbackHost } from '../util/exposure.js';
import type { LogLevel } from '../util/logger.js';
import { A2C_HOST_HELP, parseA2cHost } from './a2cOptions.js';
import { applyEnvFlags, envName } from './envFlags.js';
import { SOURCE_FLAGS, SOURCE_HELP, type SourceFlagValues } from './sourceFlags.js';
import { LIMIT_FLAGS, LIMIT_HELP, httpLimits, httpToken, maxWindows } from './limitOptions.js';
import type { SessionLimits } from '../server/httpSessions.js';
import { parseCommandArgs, parseCount, parsePort, UsageError } from './usage.js';

export const SERVE_HELP = `Usage: gui-bridge serve [source] [--http PORT [--host H] [--token T]] [--stdio] [options]

Serves the GUI Bridge Protocol over MCP: stdio by default, Streamable HTTP with --http.
Every flag can also be set as an environment variable GUI_BRIDGE_<FLAG> (--read-only →
GUI_BRIDGE_READ_ONLY=1, --app → GUI_BRIDGE_APP=gedit,zenity); the command line wins.

Source:
${SOURCE_HELP}
  --screenshots inline   embed screenshots as data: URLs (over HTTP they are links to /media/…,
                         on stdio file:// paths; A2C always embeds them)
  --screenshot-max-edge PX   downscale screenshots to this longest edge (default 1280)
  --screenshot-max-bytes N   shrink screenshots further until the PNG fits (default 1000000)

Transport:
  --http PORT            serve Streamable HTTP at http://HOST:PORT/mcp (many clients at once)
  --port PORT            the same as --http PORT
  --host H               address to bind (default 127.0.0.1); a non-loopback address exposes the
                         desktop to the network and needs a token
  --token T              require "Authorization: Bearer T" (or set GUI_BRIDGE_TOKEN)
  --allowed-host NAME    also accept this Host header (repeatable)
  --allowed-origin URL   also accept this Origin (repeatable)
${LIMIT_HELP}
  --stdio                serve stdio too when --http is given

Owner's console (docs/console.md):
  --console              serve the console page at http://HOST:PORT/console: live windows, every
                         tool call, Pause/Resume, approvals. On by default on a loopback address;
                         a network address needs this flag (the page asks for the token)
  --no-console           do not serve the console

Legacy apps (docs/legacy-apps.md):
  --ocr-regions          also read opaque regions of readable windows from pixels (terminal
                         widgets, pages an app draws); windows with no accessibility always are

Agent frameworks (docs/frameworks.md):
  --stable-tools         list two tools that never change, read_windows and act, for frameworks
                         that fix their tools when a run starts (AI SDK, LangChain, Agents SDK)

Agent controls (off by default):
  --read-tool            add app__read_windows, a tool returning app://windows (for clients whose
                         model cannot read resources)
  --read-only            list and allow only read-only tools
  --tools P,…            allow only these tools: action names or patterns (close,app__*,w1__*)
  --exclude-tools P,…    never allow these tools (same patterns)
  --confirm destructive|writes
                         ask the human (MCP elicitation) before destructive tools, or before any
                         tool that changes something; a client without elicitation is refused

Observability:
  --log-level L          debug | info | warn | error (default info; logs go to stderr, time-stamped)
  --audit-log FILE       append one JSON line per tool call (time, session, client, tool, masked
                         arguments, result code, duration)

A2C-SMCP (docs/a2c.md):
  --a2c                  also list one window://HOST/WINID resource per window (A2C-SMCP v0.2)
${A2C_HOST_HELP}
`;

export const SERVE_FLAGS = {
  ...SOURCE_FLAGS,
  'screenshot-max-edge': { type: 'string' },
  'screenshot-max-bytes': { type: 'string' },
  'screenshot-urls': { type: 'string' },
  http: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  token: { type: 'string' },
  'allowed-host': { type: 'string', multiple: true },
  'allowed-origin': { type: 'string', multiple: true },
  ...LIMIT_FLAGS,
  stdio: { type: 'boolean' },
  console: { type: 'boolean' },
  'no-console': { type: 'boolean' },
  'read-tool': { type: 'boolean' },
  'stable-tools': { type: 'boolean' },
  'ocr-regions': { type: 'boolean' },
  'read-only': { type: 'boolean' },
  tools: { type: 'string', multiple: true },
  'exclude-tools': { type: 'string', multiple: true },
  confirm: { type: 'string' },
  'log-level': { type: 'string' },
  'audit-log': { type: 'string' },
  a2c: { type: 'boolean' },
  'a2c-host': { type: 'string' },
} as const;

const LEVELS = ['debug', 'info', 'warn', 'error'];
const SCREENSHOT_URL_MODES = ['auto', 'inline', 'file'] as const;
const PATTERN = /^[A-Za-z0-9_*?-]+$/;

export type ScreenshotUrls = (typeof SCREENSHOT_URL_MODES)[number];

export interface ServeConfig {
  help: boolean;
  source: SourceFlagValues;
  port?: number;
  host?: string;
  token?: string;
  allowedHosts?: string[];
  allowedOrigins?: string[];
  limits: SessionLimits;
  maxWindowsPerApp?: number;
  stdio: boolean;
  /** Serve the owner's console at /console. */
  console: boolean;
  logLevel: LogLevel;
  auditLog?: string;
  readTool: boolean;
  stableTools: boolean;
  /** OCR of opaque regions in readable windows (BridgeOptions.ocrRegions). */
  ocrRegions: boolean;
  readOnly: boolean;
  tools?: string[];
  excludeTools?: string[];
  confirm?: 'destructive' | 'writes';
  a2c: boolean;
  a2cHost?: string;
  screenshots: { urls: ScreenshotUrls; maxEdge: number; maxBytes: number };
}

/**
 * `--screenshots` stays a switch for every command; `serve --screenshots inline` (or
 * `--screenshots=inline`) also chooses how its URLs travel.
 */
function normaliseScreenshots(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const next = argv[i + 1];
    const inlineValue = /^--screenshots=(.*)$/.exec(arg)?.[1];
    if (inlineValue !== undefined) out.push('--screenshots', '--screenshot-urls', inlineValue);
    else if (arg === '--screenshots' && next !== undefined && (SCREENSHOT_URL_MODES as readonly string[]).includes(next)) {
      out.push('--screenshots', '--screenshot-urls', next);
      i++;
    } else out.push(arg);
  }
  return out;
}

export function parseServeArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ServeConfig {
  const parsed = parseCommandArgs('serve', normaliseScreenshots(argv), SERVE_FLAGS).values;
  const envScreens = env[envName('screenshots')];
  const screenshotEnv =
    envScreens && (SCREENSHOT_URL_MODES as readonly string[]).includes(envScreens)
      ? { ...env, GUI_BRIDGE_SCREENSHOTS: '1', GUI_BRIDGE_SCREENSHOT_URLS: envScreens }
      : env;
  const values = applyEnvFlags('serve', SERVE_FLAGS, parsed, screenshotEnv) as typeof parsed;
  const text = (flag: keyof typeof values): string | undefined => (typeof values[flag] === 'string' ? (values[flag] as string) : undefined);

  const level = text('log-level') ?? 'info';
  if (!LEVELS.includes(level)) throw new UsageError('serve', `--log-level must be one of ${LEVELS.join(', ')}`);
  if (values.http !== undefined && values.port !== undefined && values.http !== values.port) {
    throw new UsageError('serve', '--port is another name for --http: give one of them');
  }
  const portText = values.http ?? values.port;
  const port = portText !== undefined ? parsePort('serve', values.http !== undefined ? '--http' : '--port', portText) : undefined;
  // The token may come from GUI_BRIDGE_TOKEN without --http (a shared client config): only a flag is an error.
  if (port === undefined && (parsed.host !== undefined || parsed.token !== undefined)) throw new UsageError('serve', '--host and --token need --http PORT');
  const token = port === undefined ? undefined : httpToken('serve', parsed.token, text('host'));
  const confirm = text('confirm');
  if (confirm !== undefined && confirm !== 'destructive' && confirm !== 'writes') {
    throw new UsageError('serve', `--confirm must be destructive or writes, not "${confirm}"`);
  }
  const urls = text('screenshot-urls') ?? 'auto';
  if (!(SCREENSHOT_URL_MODES as readonly string[]).includes(urls)) throw new UsageError('serve', `--screenshots takes inline, file or auto, not "${urls}"`);
  if (values['screenshot-urls'] !== undefined && !values.screenshots) throw new UsageError('serve', '--screenshot-urls needs --screenshots');
  if (values.console === true && values['no-console'] === true) throw new UsageError('serve', 'give --console or --no-console, not both');
  if (parsed.console === true && port === undefined) throw new UsageError('serve', '--console needs --http PORT');
  const auditLog = text('audit-log');
  if (auditLog !== undefined && auditLog.trim() === '') throw new UsageError('serve', '--audit-log needs a file path');

  return {
    help: values.help === true,
    source: values,
    port,
    host: text('host'),
    token,
    allowedHosts: values['allowed-host'],
    allowedOrigins: values['allowed-origin'],
    limits: httpLimits('serve', values),
    maxWindowsPerApp: maxWindows('serve', values),
    stdio: values.stdio === true,
    console: consoleOn(port, text('host'), values.console === true, values['no-console'] === true),
    logLevel: level as LogLevel,
    auditLog,
    readTool: values['read-tool'] === true,
    stableTools: values['stable-tools'] === true,
    ocrRegions: values['ocr-regions'] === true,
    readOnly: values['read-only'] === true,
    tools: patterns('--tools', values.tools),
    excludeTools: patterns('--exclude-tools', values['exclude-tools']),
    confirm,
    a2c: values.a2c === true,
    a2cHost: parseA2cHost('serve', text('a2c-host'), values.a2c === true),
    screenshots: {
      urls: urls as ScreenshotUrls,
      maxEdge: values['screenshot-max-edge'] ? parseCount('serve', '--screenshot-max-edge', values['screenshot-max-edge'], 16, 16384) : 1280,
      maxBytes: values['screenshot-max-bytes'] ? parseCount('serve', '--screenshot-max-bytes', values['screenshot-max-bytes'], 1024, 50_000_000) : 1_000_000,
    },
  };
}

/**
 * The console shows the desktop and can pause and approve: on by default only where /mcp itself
 * is reachable from this machine alone (loopback); a network address must ask for it.
 */
function consoleOn(port: number | undefined, host: string | undefined, on: boolean, off: boolean): boolean {
  if (port === undefined || off) return false;
  return on || isLoopbackHost(host ?? '127.0.0.1');
}

function patterns(flag: string, values: string[] | undefined): string[] | undefined {
  if (!values) return undefined;
  const list = values
    .flatMap((v) => v.split(','))
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const bad = list.find((p) => !PATTERN.test(p));
  if (bad !== undefined) throw new UsageError('serve', `${flag}: "${bad}" is not a tool pattern (letters, digits, _, -, * and ?)`);
  if (list.length === 0) throw new UsageError('serve', `${flag} needs at least one pattern`);
  return list;
}

/**
 * How screenshots travel: file:// for stdio alone; over HTTP a path on the server itself, named
 * by the address it binds (known before the first read, which already has screenshots); data:
 * URLs where no such address exists: A2C (agents on other machines), `--http 0` (the port is
 * chosen later), a wildcard address (no one name reaches it).
 */
export function screenshotUrls(config: Pick<ServeConfig, 'screenshots' | 'port' | 'host' | 'a2c'>): { urls: 'file' | 'inline' | 'http'; mediaBase?: string } {
  if (config.screenshots.urls !== 'auto') return { urls: config.screenshots.urls };
  if (config.a2c) return { urls: 'inline' };
  if (config.port === undefined) return { urls: 'file' };
  const host = (config.host ?? '127.0.0.1').replace(/^\[(.*)\]$/, '$1');
  if (config.port === 0 || host === '0.0.0.0' || host === '::' || host === '') return { urls: 'inline' };
  return { urls: 'http', mediaBase: `http://${host.includes(':') ? `[${host}]` : host}:${config.port}${MEDIA_PATH}` };
}
