/**
 * Live-test harness for the whole bridge: a private headless desktop, the Linux probe on it, the
 * bridge with the project's translators, and real SDK clients over InMemoryTransport. One per
 * test file (beforeAll/afterAll), like useDesktop.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Snapshot } from '../../../src/protocol/schemas.js';
import { createLogger, type Logger } from '../../../src/util/logger.js';
import { connectMemoryClient, type TestClient } from '../../helpers/demoServer.js';
import { waitFor } from './desktop.js';
import { reportFirstFailure } from './failureReport.js';
import { openLiveStack, type LiveStack, type LiveStackOptions } from './liveStack.js';

/** What live tests ask a client about windows, on either session (sessionBridge.ts). */
export interface WindowQueries {
  /** The window whose title matches, once it shows in the snapshot with its content (not pending). */
  windowTitled(title: RegExp, timeoutMs?: number): Promise<Snapshot['windows'][number]>;
  /** The window with this id in a fresh snapshot, if it is there. */
  windowNow(id: string): Promise<Snapshot['windows'][number] | undefined>;
  /** The items of that window's `fields` block (none when it has no such block). */
  fieldsOf(id: string): Promise<FieldItems>;
}

export interface LiveBridge extends Omit<LiveStack, 'close'>, WindowQueries {
  /** A client subscribed to app://windows, recording notifications. */
  client: TestClient;
  /** Every log line the bridge wrote. */
  logs: string[];
  /** Connects one more client. */
  connect(): Promise<TestClient>;
}

export type FieldItems = Array<{ label: string; value: unknown; sensitive?: boolean }>;

export function useLiveBridge(options: LiveStackOptions = {}): LiveBridge {
  const live = {} as LiveBridge;
  const clients: TestClient[] = [];
  let stack: LiveStack | undefined;
  beforeAll(async () => {
    live.logs = [];
    const log: Logger = createLogger({ level: 'debug', write: (line) => live.logs.push(line) });
    stack = await openLiveStack(options, log);
    Object.assign(live, { desktop: stack.desktop, probe: stack.probe, bridge: stack.bridge, hub: stack.hub });
    live.connect = async () => {
      const client = await connectMemoryClient(live.hub);
      clients.push(client);
      return client;
    };
    live.client = await live.connect();
    await live.client.client.subscribeResource({ uri: 'app://windows' });
    Object.assign(live, windowQueries(live.client));
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) await client.close().catch(() => undefined);
    await stack?.close();
  }, 60_000);
  reportFirstFailure(() => (live.desktop ? { desktop: live.desktop, log: live.logs.join('\n') } : null));
  return live;
}

export function windowQueries(client: TestClient): WindowQueries {
  // A window listed before its accessible appeared has no content or tools yet: wait, as an agent would.
  const pending = (w: Snapshot['windows'][number]) => w.blocks.some((b) => b.type === 'notice' && /has not appeared yet/.test(b.text));
  const windowNow = async (id: string) => (await client.snapshot()).windows.find((w) => w.id === id);
  return {
    windowTitled: (title, timeoutMs = 20_000) =>
      waitFor(async () => (await client.snapshot()).windows.find((w) => title.test(w.title) && !pending(w)), timeoutMs),
    windowNow,
    fieldsOf: async (id) => ((await windowNow(id))?.blocks.find((b) => b.type === 'fields') as { items: FieldItems } | undefined)?.items ?? [],
  };
}
