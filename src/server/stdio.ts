import type { Readable } from 'node:stream';
import type { SessionHub } from './hub.js';
import { createSessionServer } from './session.js';
import { LineStdioTransport } from './stdioTransport.js';

/**
 * P-INIT-1: local apps SHOULD use stdio; it serves exactly one client. `closed` settles when the
 * client leaves, including when stdin ends (the client crashed or closed the pipe). `input`: stdin
 * as read since start-up (cli/earlyStdin.ts).
 */
export async function serveStdio(hub: SessionHub, input?: Readable): Promise<{ closed: Promise<void> }> {
  const server = createSessionServer(hub, 'stdio');
  const transport = new LineStdioTransport(input);
  const closed = new Promise<void>((resolve) => {
    const previous = server.onclose;
    server.onclose = () => {
      previous?.();
      resolve();
    };
  });
  await server.connect(transport);
  return { closed };
}
