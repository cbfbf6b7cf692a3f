/** The Computer's event handlers on their own: bad payloads and misaddressed events get flat error payloads. */
import type { Socket } from 'socket.io-client';
import { afterEach, expect, test } from 'vitest';
import { registerHandlers } from '../../src/a2c/computer/handlers.js';
import { silentLogger } from '../../src/util/logger.js';
import { startComputer, type ComputerRig } from './helpers/computerRig.js';

type Handler = (data: unknown, ack?: (response: unknown) => void) => void;

let rig: ComputerRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** Records the handlers registered on a socket and calls them as the server would. */
async function handlers(): Promise<(event: string, data: unknown) => Promise<unknown>> {
  rig = await startComputer('pc-1', { serverUrl: 'http://127.0.0.1:9', office: 'o' });
  const registered = new Map<string, Handler>();
  registerHandlers({ on: (event: string, handler: Handler) => registered.set(event, handler) } as unknown as Socket, rig.computer, silentLogger);
  return (event, data) => new Promise((resolve) => registered.get(event)?.(data, resolve));
}

test('bad payload → 400, another Computer → 404, all with a message', async () => {
  const emit = await handlers();
  expect(await emit('client:get_tools', { req_id: 'r' })).toMatchObject({ code: 400, message: expect.stringContaining('client:get_tools') });
  expect(await emit('client:get_desktop', { req_id: 'r', computer: 'pc-1', desktop_size: 'two' })).toMatchObject({ code: 400 });
  expect(await emit('client:get_tools', { req_id: 'r', computer: 'pc-2' })).toMatchObject({ code: 404, message: expect.stringContaining('pc-2') });
  expect(await emit('client:get_config', { req_id: 'r' })).toMatchObject({ code: 400 });
  expect(await emit('client:get_skill', { req_id: 'r', computer: 'pc-1' })).toMatchObject({ code: 400, message: expect.stringContaining('client:get_skill') });
});

test('Python-style nulls for optional fields are accepted', async () => {
  const emit = await handlers();
  const desktop = (await emit('client:get_desktop', { agent: 'a', req_id: 'r', computer: 'pc-1', desktop_size: null, window: null })) as { desktops: string[] };
  expect(desktop.desktops).toHaveLength(2);
  const page = (await emit('client:get_resources', { req_id: 'r', computer: 'pc-1', mcp_server: 'gui-bridge', cursor: null })) as { resources: unknown[] };
  expect(page.resources.length).toBeGreaterThan(1);
  expect(await emit('client:get_skill', { req_id: 'r', computer: 'pc-1', name: 'my-helper', rel_path: null })).toMatchObject({ code: 4014 });
});

test('notify:tool_call_cancel: malformed or unknown req_id is ignored, no ack, no error', async () => {
  const emit = await handlers();
  // The handler runs synchronously: an ack would have settled `emit` before the race starts.
  const cancel = (data: unknown) => Promise.race([emit('notify:tool_call_cancel', data), Promise.resolve('no ack')]);
  expect(await cancel({ agent: 'a' })).toBe('no ack');
  expect(await cancel({ agent: 'a', req_id: 'never-ran' })).toBe('no ack');
  expect(await emit('client:tool_call', { req_id: 'r', computer: 'pc-1', tool_name: 'echo', params: { text: 'ok' }, timeout: 5 })).toMatchObject({
    content: [{ type: 'text', text: 'ok' }],
  });
});
