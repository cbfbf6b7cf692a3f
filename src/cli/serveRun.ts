import type { SessionOptions } from '../server/sessionOptions.js';
import { createLogger, LogTap, type Logger } from '../util/logger.js';
import { connectHint } from './connectHint.js';
import { screenshotUrls, type ServeConfig } from './serveOptions.js';
import { EarlyStdin } from './earlyStdin.js';
import { Shutdown } from './shutdown.js';
import { StartupMarks } from './startupMarks.js';
import { loadSourceTranslators, openSource } from './source.js';

const EXIT_GRACE_MS = 3000;
/**
 * A client may send its requests and close stdin at once (a pipe's half close: `printf … | serve`)
 * and still read the answers: start-up then goes on as long as the transport waits for them
 * (ANSWER_AFTER_END_MS). A client that closed stdin without asking anything has left: serve stops at once.
 */
const ANSWER_AFTER_EOF_MS = 5000;

/**
 * The MCP side (SDK server, JSON Schema validator, HTTP framework) is loaded while the source opens
 * and the bridge runs its first read, which mostly waits for the applications' answers: the two
 * overlap instead of adding up (spawn → first read). HTTP modules load only with --http.
 */
function loadServerModules(config: ServeConfig) {
  const modules = Promise.all([
    import('../server/hub.js'),
    import('../server/approval.js'),
    import('../server/audit.js'),
    import('../server/toolFilter.js'),
    config.port !== undefined ? import('../server/http.js') : undefined,
    usesStdio(config) ? import('../server/stdio.js') : undefined,
    config.a2c ? import('../a2c/windowResources.js') : undefined,
    config.console && config.port !== undefined ? import('../server/console/ownerConsole.js') : undefined,
  ]).then(([hub, approval, audit, toolFilter, http, stdio, a2c, consoleModule]) => ({
    ...hub,
    ...approval,
    ...audit,
    ...toolFilter,
    http,
    stdio,
    a2c,
    consoleModule,
  }));
  modules.catch(() => undefined); // a start-up stopped early never awaits it; a real failure surfaces where it is awaited
  return modules;
}

/**
 * `serve` after its options were parsed: everything it runs is loaded from here. The bridge and
 * the MCP side, which make zod schemas as they load, wait for `schemasReady` (zod's mode,
 * zodMode.ts); the source, which makes none, opens at once.
 */
export async function runServe(config: ServeConfig, schemasReady: Promise<void> = Promise.resolve()): Promise<number> {
  const tap = new LogTap();
  const log = createLogger({ level: config.logLevel, tap, redact: () => (config.token ? [config.token] : []) });
  const shutdown = new Shutdown(); // before the source opens
  // When stdio is the only transport, its client's end stops serve at every stage, the source's
  // opening included (with --http too, serve outlives a stdio client, as after start-up).
  const stdin = usesStdio(config) ? new EarlyStdin() : undefined;
  if (stdin) shutdown.add(() => stdin.release());
  // A start-up step that fails (no application matches --app) ends serve with its error: what
  // holds the process (stdin read from the start) is released first, or serve printed the error
  // and kept running for as long as its client kept stdin open.
  const start = async (): Promise<number> => {
    const marks = new StartupMarks();
    marks.mark('main');
    // The bridge and the MCP side load while the translators load and the source opens.
    const runtime = schemasReady.then(() => import('./runtime.js'));
    runtime.catch(() => undefined); // a start-up stopped early never awaits it; a real failure surfaces where it is awaited
    const server = schemasReady.then(() => loadServerModules(config));
    server.catch(() => undefined);
    void server.then(
      () => marks.mark('serverModules'),
      () => undefined,
    );
    // A translator that does not load is a usage error (exit 2) even when the client closes
    // stdin at once: loading them is local and bounded, so stdin's end may stop serve only after.
    const translators = await loadSourceTranslators('serve', config.source);
    if (stdin && config.port === undefined) shutdown.stopWhen(stdinGone(stdin), 'the client closing stdin');
    log.debug('opening the source');
    // Connecting to the desktop waits on its servers (spawn → first read).
    const opening = openSource('serve', config.source, translators);
    let bridgeOwnsProbe = false; // Bridge.close() closes the probe: close it here only before that
    const source = await shutdown.during(opening, (opened) => (bridgeOwnsProbe ? undefined : opened.probe.close()));
    if (!source || shutdown.requested) return stopEarly(shutdown, log);
    marks.mark('sourceOpen');
    const { startBridge } = await runtime;
    const screenshotOptions = { ...screenshotUrls(config), maxEdge: config.screenshots.maxEdge, maxBytes: config.screenshots.maxBytes };
    const bridge = await shutdown.during(
      startBridge(source, log, {
        screenshotOptions,
        ocrRegions: config.ocrRegions,
        ...(config.maxWindowsPerApp ? { maxWindowsPerApp: config.maxWindowsPerApp } : {}),
      }),
      (started) => started.close(),
    );
    if (!bridge || shutdown.requested) return stopEarly(shutdown, log);
    bridgeOwnsProbe = true;
    marks.mark('firstRead');

    const { SessionHub, http: httpModule, stdio, a2c, consoleModule, ...parts } = await server;
    const ownerConsole = config.console && consoleModule ? new consoleModule.OwnerConsole() : undefined;
    const baseOptions = sessionOptions(config, tap, log, parts);
    const options = ownerConsole ? ownerConsole.sessionOptions(baseOptions) : baseOptions;
    const extension = config.a2c && a2c ? a2c.createWindowResources(bridge, { host: config.a2cHost, multiApp: source.multiApp }) : undefined;
    const hub = new SessionHub(bridge, log, extension, options);
    shutdown.add(async () => {
      hub.close();
      await options.audit?.flush();
    });
    if (config.port !== undefined && httpModule) {
      const http = await httpModule.startHttpServer(hub, {
        port: config.port,
        host: config.host,
        token: config.token,
        ...config.limits,
        allowedHosts: config.allowedHosts,
        allowedOrigins: config.allowedOrigins,
        ...(ownerConsole ? { console: ownerConsole } : {}),
      });
      shutdown.add(http.close);
      log.info(`serving ${source.description} at ${http.url}${config.token ? ' (bearer token required)' : ''}`);
      if (http.consoleUrl) log.info(`owner's console at ${http.consoleUrl} (--no-console turns it off)`);
      process.stderr.write(connectHint(http.url, config.token !== undefined));
    }
    let stdioClosed: Promise<void> | undefined;
    if (stdio) {
      stdioClosed = (await stdio.serveStdio(hub, stdin?.input)).closed;
      log.info(`serving ${source.description} on stdio`);
    }
    marks.mark('serving');
    log.debug('start-up milestones', marks.all());
    // Runs until a signal, or until the stdio client leaves when stdio is the only transport.
    await shutdown.wait(config.port === undefined ? stdioClosed : undefined);
    // A platform handle that outlives close() (a D-Bus socket, an X connection) must not keep a
    // server whose client is gone running: exit after a short grace period regardless.
    setTimeout(() => process.exit(process.exitCode ?? 0), EXIT_GRACE_MS).unref();
    await shutdown.run();
    return 0;
  };
  try {
    return await start();
  } catch (error) {
    await shutdown.run().catch(() => undefined);
    throw error;
  }
}

async function stopEarly(shutdown: Shutdown, log: Logger): Promise<number> {
  await shutdown.run();
  if (shutdown.failure) throw shutdown.failure.error; // a start-up that failed anyway says why
  log.info(`stopped by ${shutdown.cause} during start-up`);
  // A step that never finished (a display that does not answer) may still hold a socket open.
  setTimeout(() => process.exit(0), 100).unref();
  return 0;
}

/** When stdin's end stops a start-up: at once, or after a grace for requests sent before it. */
async function stdinGone(stdin: EarlyStdin): Promise<void> {
  await stdin.ended;
  if (stdin.received) await new Promise((resolve) => setTimeout(resolve, ANSWER_AFTER_EOF_MS).unref());
}

function usesStdio(config: ServeConfig): boolean {
  return config.port === undefined || config.stdio === true;
}

type SessionParts = Pick<Awaited<ReturnType<typeof loadServerModules>>, 'createToolFilter' | 'elicitationApprover' | 'createAuditLog'>;

function sessionOptions(config: ServeConfig, tap: LogTap, log: Logger, parts: SessionParts): SessionOptions {
  const { createToolFilter, elicitationApprover, createAuditLog } = parts;
  const filtering = config.readOnly || config.tools !== undefined || config.excludeTools !== undefined;
  return {
    readTool: config.readTool,
    stableTools: config.stableTools,
    logTap: tap,
    ...(filtering ? { filter: createToolFilter({ readOnly: config.readOnly, include: config.tools, exclude: config.excludeTools }) } : {}),
    ...(config.confirm ? { confirm: { policy: config.confirm, approver: elicitationApprover } } : {}),
    ...(config.auditLog ? { audit: createAuditLog(config.auditLog, (error) => log.error('audit log not written', { error: String(error) })) } : {}),
  };
}
