/** Real SDK clients on a hub configured with the session options (agent controls, logging…). */
import { Client, type ClientOptions } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { SessionHub } from '../../src/server/hub.js';
import { createSessionServer } from '../../src/server/session.js';
import type { SessionOptions } from '../../src/server/sessionOptions.js';
import { silentLogger, type Logger } from '../../src/util/logger.js';
import type { DemoServer } from './demoServer.js';

export function hubWith(server: DemoServer, options: SessionOptions, log: Logger = silentLogger): SessionHub {
  return new SessionHub(server.bridge, log, undefined, options);
}

/** `sent`, when given, collects every message the server sends (JSON). */
export async function memoryClient(hub: SessionHub, options: ClientOptions = {}, name = 'agent', sent?: string[]): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  if (sent) {
    const send = serverSide.send.bind(serverSide);
    serverSide.send = async (message, sendOptions) => {
      sent.push(JSON.stringify(message));
      return send(message, sendOptions);
    };
  }
  await createSessionServer(hub, 'memory').connect(serverSide);
  const client = new Client({ name, version: '1.0.0' }, options);
  await client.connect(clientSide);
  return client;
}
