import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { SessionHub } from './hub.js';
import { createSessionServer } from './session.js';

/** P-INIT-1: local apps SHOULD use stdio; it serves exactly one client. */
export async function serveStdio(hub: SessionHub): Promise<{ closed: Promise<void> }> {
  const server = createSessionServer(hub, 'stdio');
  const transport = new StdioServerTransport();
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
