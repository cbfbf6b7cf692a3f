/** A real socket.io-client playing the A2C-SMCP Agent: joins an office, calls `client:*`, records `notify:*`. */
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';

export interface TestAgent {
  socket: Socket;
  /** Every `notify:*` event received, in order. */
  notifications: Array<{ event: string; data: unknown }>;
  /** Emits `client:<name>` to `computer` with agent and req_id filled in; resolves with the ack. */
  call<T = Record<string, unknown>>(event: string, computer: string, payload?: Record<string, unknown>): Promise<T>;
  /** `server:tool_call_cancel {agent, req_id}`: fire-and-forget (events.md). */
  cancel(reqId: string): void;
  close(): void;
}

export async function connectAgent(url: string, office: string, name = 'agent-1'): Promise<TestAgent> {
  const socket = io(`${url}/smcp`, {
    query: { a2c_version: '0.2.0' },
    transports: ['polling', 'websocket'],
    auth: { role: 'agent' },
    forceNew: true,
    reconnection: false,
  });
  const notifications: TestAgent['notifications'] = [];
  socket.onAny((event: string, data: unknown) => {
    if (event.startsWith('notify:')) notifications.push({ event, data });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const joined = await new Promise<unknown[]>((resolve) =>
    socket.emit('server:join_office', { role: 'agent', name, office_id: office }, (...ack: unknown[]) => resolve(ack)),
  );
  if (joined[0] !== true) throw new Error(`agent could not join: ${String(joined[1])}`);
  return {
    socket,
    notifications,
    call: (event, computer, payload = {}) => socket.timeout(10_000).emitWithAck(event, { agent: name, req_id: randomUUID(), computer, ...payload }),
    cancel: (reqId) => void socket.emit('server:tool_call_cancel', { agent: name, req_id: reqId }),
    close: () => void socket.disconnect(),
  };
}
