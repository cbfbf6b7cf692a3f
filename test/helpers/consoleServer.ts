/** Test harness: the demo app behind a real bridge and HTTP server with the owner's console on, and a real browser. */
import { chromium, type Browser } from 'playwright-core';
import { OwnerConsole } from '../../src/server/console/ownerConsole.js';
import { elicitationApprover } from '../../src/server/approval.js';
import { SessionHub } from '../../src/server/hub.js';
import { startHttpServer, type HttpOptions, type RunningHttpServer } from '../../src/server/http.js';
import type { SessionOptions } from '../../src/server/sessionOptions.js';
import { silentLogger } from '../../src/util/logger.js';
import { startDemoServer, type DemoServer } from './demoServer.js';

/** Debian's chromium (CI installs it through .ci/run); never a downloaded browser. */
export const CHROMIUM = process.env.GUI_BRIDGE_CHROMIUM ?? '/usr/bin/chromium';

export interface ConsoleServer {
  demo: DemoServer;
  owner: OwnerConsole;
  hub: SessionHub;
  http: RunningHttpServer;
  /** http://127.0.0.1:PORT */
  origin: string;
  close(): Promise<void>;
}

export async function startConsoleServer(
  options: {
    confirm?: 'destructive' | 'writes';
    session?: SessionOptions;
    http?: Partial<HttpOptions>;
    /** Runs before anything else follows the bridge (a benchmark's first change listener). */
    onBridge?: (demo: DemoServer) => void;
  } = {},
): Promise<ConsoleServer> {
  const demo = await startDemoServer();
  options.onBridge?.(demo);
  const owner = new OwnerConsole();
  const base: SessionOptions = { ...options.session, ...(options.confirm ? { confirm: { policy: options.confirm, approver: elicitationApprover } } : {}) };
  const hub = new SessionHub(demo.bridge, silentLogger, undefined, owner.sessionOptions(base));
  const http = await startHttpServer(hub, { port: 0, console: owner, ...options.http });
  return {
    demo,
    owner,
    hub,
    http,
    origin: `http://127.0.0.1:${http.port}`,
    close: async () => {
      await http.close();
      hub.close();
      await demo.close();
    },
  };
}

/** A name the browser resolves to 127.0.0.1, as a DNS-rebinding attacker's domain would. */
export const REBOUND_HOST = 'rebound.example';

export async function launchBrowser(): Promise<Browser> {
  // --no-sandbox: CI runs as root, where Chromium's sandbox cannot start.
  const args = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', `--host-resolver-rules=MAP ${REBOUND_HOST} 127.0.0.1`];
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args });
}
