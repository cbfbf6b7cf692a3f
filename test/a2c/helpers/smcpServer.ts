/**
 * A real in-process socket.io server on 127.0.0.1 playing the A2C-SMCP Server: the version
 * middleware in the HTTP layer before any Socket.IO handler (seed §4.4; versioning.md), offices as
 * rooms, `client:*` relayed from the agent to the named Computer of its office with every reply
 * put through the official validation (officialValidation.ts: what fails is not answered, as the
 * official Server raises; unknown keys are dropped), `server:update_*` broadcast as
 * `notify:update_*` and `server:tool_call_cancel` as `notify:tool_call_cancel` (events.md;
 * python-sdk server/namespace.py). It records handshakes, joins and reply checks for assertions.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { AgentCallData, CLIENT_EVENTS } from '../../../src/a2c/schemas/index.js';
import { formatVersion, isCompatible, parseProtocolVersion } from '../../../src/a2c/version.js';
import { officialCheck } from './officialValidation.js';

export interface SmcpServerOptions {
  /** The one protocol version this server speaks (default 0.2.0). */
  version?: string;
}

export interface Handshake {
  a2cVersion: string | null;
  status: 'accepted' | 'rejected';
}

export interface SmcpTestServer {
  url: string;
  handshakes: Handshake[];
  joins: Array<{ role: string; name: string; office_id: string }>;
  /** Every Computer reply to a `client:*` event, as the official validation saw it. */
  replies: ReplyCheck[];
  /** Drops a member's connection at the transport level, as a network loss would. */
  dropTransport(name: string): void;
  close(): Promise<void>;
}

export interface ReplyCheck {
  event: string;
  error: string | null;
  dropped: string[];
}

type Ack = (...args: unknown[]) => void;

export async function startSmcpServer(options: SmcpServerOptions = {}): Promise<SmcpTestServer> {
  const version = parseProtocolVersion(options.version ?? '0.2.0');
  if (!version) throw new Error('bad server version');
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  const handshakes: Handshake[] = [];
  const joins: SmcpTestServer['joins'] = [];
  const replies: ReplyCheck[] = [];
  io.engine.use((req: IncomingMessage, res: ServerResponse, next: () => void) => versionGate(req, res, next, version, handshakes));
  const nsp = io.of('/smcp');
  nsp.on('connection', (socket) => serveMember(nsp, socket, joins, replies));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    handshakes,
    joins,
    replies,
    dropTransport: (name) => {
      for (const socket of nsp.sockets.values()) if (socket.data.name === name) socket.conn.close();
    },
    close: async () => {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}

/** Missing → 400 + 4008; malformed → 400; incompatible → 400 + 4008 + the supported range. */
function versionGate(
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
  server: { major: number; minor: number; patch: number },
  log: Handshake[],
): void {
  const query = new URL(req.url ?? '/', 'http://x').searchParams;
  const raw = query.get('a2c_version');
  const isHandshake = !query.has('sid');
  const reject = (body: Record<string, unknown>, with4008: boolean) => {
    if (isHandshake) log.push({ a2cVersion: raw, status: 'rejected' });
    res.writeHead(400, { 'Content-Type': 'application/json', ...(with4008 ? { 'X-A2C-Error-Code': '4008' } : {}) });
    res.end(JSON.stringify(body));
  };
  if (raw === null) return reject({ code: 4008, message: 'missing a2c_version' }, true);
  const client = parseProtocolVersion(raw);
  if (!client) return reject({ code: 400, message: `Invalid a2c_version: ${raw}` }, false);
  if (!isCompatible(client, server)) {
    const v = formatVersion(server);
    const max = server.major === 0 ? `${server.major}.${server.minor}.999` : `${server.major}.999.999`;
    return reject(
      {
        code: 4008,
        message: 'Protocol version mismatch',
        server_version: v,
        client_version: raw,
        min_supported: `${server.major}.${server.minor}.0`,
        max_supported: max,
      },
      true,
    );
  }
  if (isHandshake) log.push({ a2cVersion: raw, status: 'accepted' });
  next();
}

function serveMember(nsp: ReturnType<Server['of']>, socket: Socket, joins: SmcpTestServer['joins'], replies: ReplyCheck[]): void {
  socket.data.role = socket.handshake.auth.role;
  socket.on('server:join_office', (req: { role: string; name: string; office_id: string }, ack: Ack) => {
    joins.push(req);
    const office = nsp.adapter.rooms.get(req.office_id) ?? new Set();
    const hasAgent = [...office].some((id) => nsp.sockets.get(id)?.data.role === 'agent' && id !== socket.id);
    if (req.role === 'agent' && hasAgent) return ack(false, 'Room already has an agent');
    Object.assign(socket.data, { name: req.name, office: req.office_id, role: req.role });
    void socket.join(req.office_id);
    socket.to(req.office_id).emit('notify:enter_office', { office_id: req.office_id, [req.role]: req.name });
    ack(true, null);
  });
  socket.on('server:leave_office', (req: { office_id: string }, ack?: Ack) => {
    void socket.leave(req.office_id);
    ack?.(true, null);
  });
  for (const kind of ['config', 'tool_list', 'desktop', 'skills']) {
    socket.on(`server:update_${kind}`, (req: { computer: string }) => {
      if (socket.data.office) socket.to(socket.data.office as string).emit(`notify:update_${kind}`, { computer: req.computer });
    });
  }
  // Fire-and-forget, no ack; only the agent itself may cancel its calls (namespace.py).
  socket.on('server:tool_call_cancel', (req: unknown) => {
    const call = AgentCallData.safeParse(req);
    if (socket.data.role !== 'agent' || !call.success || call.data.agent !== socket.data.name) return;
    socket.to(socket.data.office as string).emit('notify:tool_call_cancel', call.data);
  });
  for (const event of Object.values(CLIENT_EVENTS)) {
    socket.on(event, (req: { computer?: string }, ack: Ack) => void relay(nsp, socket, event, req, ack, replies));
  }
}

async function relay(nsp: ReturnType<Server['of']>, from: Socket, event: string, req: { computer?: string }, ack: Ack, replies: ReplyCheck[]): Promise<void> {
  const office = from.data.office as string | undefined;
  const target = [...nsp.sockets.values()].find((s) => s.data.role === 'computer' && s.data.office === office && s.data.name === req.computer);
  if (!target) return ack({ code: 404, message: `no Computer "${req.computer}" in this office` });
  let reply: unknown;
  try {
    reply = await target.timeout(10_000).emitWithAck(event, req);
  } catch {
    return ack({ code: 408, message: 'the Computer did not answer' });
  }
  const check = officialCheck(event, reply);
  replies.push({ event, error: check.error, dropped: check.dropped });
  // The official Server raises on a reply that fails validation: the agent is never answered.
  if (check.error === null) ack(check.relayed);
}
