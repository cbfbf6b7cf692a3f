/** The demo app served over Streamable HTTP in --stable-tools mode, for the framework tests. */
import { SessionHub } from '../../src/server/hub.js';
import { startHttpServer } from '../../src/server/http.js';
import { silentLogger } from '../../src/util/logger.js';
import { startDemoServer, type DemoServer } from '../helpers/demoServer.js';

export interface StableServer {
  demo: DemoServer;
  url: string;
  /** The demo app's submitted orders: placed through their "Confirm order" dialog. */
  submittedOrders(): string[];
  close(): Promise<void>;
}

export async function startStableServer(options: { token?: string } = {}): Promise<StableServer> {
  const demo = await startDemoServer();
  const hub = new SessionHub(demo.bridge, silentLogger, undefined, { stableTools: true });
  const http = await startHttpServer(hub, { port: 0, ...options });
  return {
    demo,
    url: http.url,
    submittedOrders: () => [...demo.probe.app.windows.values()].filter((w) => w.content.kind === 'order' && w.content.submitted).map((w) => w.id),
    close: async () => {
      await http.close();
      hub.close();
      await demo.close();
    },
  };
}
