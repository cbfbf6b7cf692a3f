import { createWindowResources } from '../a2c/windowResources.js';
import { elicitationApprover } from '../server/approval.js';
import { createAuditLog } from '../server/audit.js';
import { OwnerConsole } from '../server/console/ownerConsole.js';
import { SessionHub } from '../server/hub.js';
import { startHttpServer } from '../server/http.js';
import type { SessionOptions } from '../server/sessionOptions.js';
import { serveStdio } from '../server/stdio.js';
import { createToolFilter } from '../server/toolFilter.js';
import { createLogger, LogTap, type Logger } from '../util/logger.js';
import { connectHint } from './connectHint.js';
import { startBridge } from './runtime.js';
import { screenshotUrls, type ServeConfig } from './serveOptions.js';
import { Shutdown } from './shutdown.js';
import { openSource } from './source.js';

const EXIT_GRACE_MS = 3000;

/** `serve` after its options were parsed: everything it runs is loaded from here. */
export async function runServe(config: ServeConfig): Promise<number> {
  const tap = new LogTap();
  const log = createLogger({ level: config.logLevel, tap, redact: () => (config.token ? [config.token] : []) });
  const shutdown = new Shutdown(); // before the source opens (issue 12)
  log.debug('opening the source');
  let bridgeOwnsProbe = false; // Bridge.close() closes the probe: close it here only before that
  const source = await shutdown.during(openSource('serve', config.source), (opened) => (bridgeOwnsProbe ? undefined : opened.probe.close()));
  if (!source) return stopEarly(shutdown, log);
  const screenshotOptions = { urls: screenshotUrls(config), maxEdge: config.screenshots.maxEdge, maxBytes: config.screenshots.maxBytes };
  const bridge = await shutdown.during(startBridge(source, log, { screenshotOptions, ...(config.maxWindowsPerApp ? { maxWindowsPerApp: config.maxWindowsPerApp } : {}) }), (started) => started.close());
  if (!bridge) return stopEarly(shutdown, log);
  bridgeOwnsProbe = true;

  const ownerConsole = config.console ? new OwnerConsole() : undefined;
  const baseOptions = sessionOptions(config, tap, log);
  const options = ownerConsole ? ownerConsole.sessionOptions(baseOptions) : baseOptions;
  const extension = config.a2c ? createWindowResources(bridge, { host: config.a2cHost, multiApp: source.multiApp }) : undefined;
  const hub = new SessionHub(bridge, log, extension, options);
  shutdown.add(async () => {
    hub.close();
    await options.audit?.flush();
  });
  if (config.port !== undefined) {
    const http = await startHttpServer(hub, {
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
  if (config.port === undefined || config.stdio) {
    stdioClosed = (await serveStdio(hub)).closed;
    log.info(`serving ${source.description} on stdio`);
  }
  // Runs until a signal, or until the stdio client leaves when stdio is the only transport.
  await shutdown.wait(config.port === undefined ? stdioClosed : undefined);
  // A platform handle that outlives close() (a D-Bus socket, an X connection) must not keep a
  // server whose client is gone running: exit after a short grace period regardless.
  setTimeout(() => process.exit(process.exitCode ?? 0), EXIT_GRACE_MS).unref();
  await shutdown.run();
  return 0;
}

async function stopEarly(shutdown: Shutdown, log: Logger): Promise<number> {
  log.info(`stopped by ${shutdown.signal ?? 'a signal'} during start-up`);
  await shutdown.run();
  // A step that never finished (a display that does not answer) may still hold a socket open.
  setTimeout(() => process.exit(0), 100).unref();
  return 0;
}

function sessionOptions(config: ServeConfig, tap: LogTap, log: Logger): SessionOptions {
  const filtering = config.readOnly || config.tools !== undefined || config.excludeTools !== undefined;
  return {
    readTool: config.readTool,
    logTap: tap,
    ...(filtering ? { filter: createToolFilter({ readOnly: config.readOnly, include: config.tools, exclude: config.excludeTools }) } : {}),
    ...(config.confirm ? { confirm: { policy: config.confirm, approver: elicitationApprover } } : {}),
    ...(config.auditLog ? { audit: createAuditLog(config.auditLog, (error) => log.error('audit log not written', { error: String(error) })) } : {}),
  };
}
