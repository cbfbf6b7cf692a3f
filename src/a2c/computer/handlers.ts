/**
 * The Computer's answers to `client:*` events (Agent → Server → Computer, replies by Socket.IO
 * ack): a2c-smcp-protocol docs/specification/events.md. Payloads are validated with zod; a bad one
 * gets a flat ErrorPayload `{code: 400, message}` (error-handling.md "错误响应格式"), one addressed
 * to another Computer `{code: 404}`, and the process keeps running.
 */
import type { Socket } from 'socket.io-client';
import type { z } from 'zod';
import type { Logger } from '../../util/logger.js';
import {
  A2C_ERRORS,
  EVENTS,
  GetDesktopReqSchema,
  GetResourcesReqSchema,
  GetToolsReqSchema,
  ToolCallReqSchema,
  type ErrorPayload,
} from '../protocol.js';
import type { Computer } from './computer.js';

type Ack = (response: unknown) => void;

export function registerHandlers(socket: Socket, computer: Computer, log: Logger): void {
  on(socket, computer, log, EVENTS.getTools, GetToolsReqSchema, async (req) => ({ tools: computer.tools(), req_id: req.req_id }));
  on(socket, computer, log, EVENTS.toolCall, ToolCallReqSchema, (req) => computer.callTool(req));
  on(socket, computer, log, EVENTS.getDesktop, GetDesktopReqSchema, async (req) => ({
    desktops: await computer.desktop(req.desktop_size ?? undefined, req.window ?? undefined),
    req_id: req.req_id,
  }));
  on(socket, computer, log, EVENTS.getResources, GetResourcesReqSchema, async (req) => {
    const page = await computer.resourcesPage(req.mcp_server, req.cursor ?? undefined);
    return 'code' in page ? page : { ...page, req_id: req.req_id };
  });
  socket.on(EVENTS.getConfig, (_data: unknown, ack?: Ack) =>
    ack?.(errorPayload(A2C_ERRORS.notFound, 'client:get_config is not supported: this Computer hosts in-process MCP servers, not configured ones')),
  );
}

function on<S extends z.ZodType<{ req_id: string; computer: string }>>(
  socket: Socket,
  computer: Computer,
  log: Logger,
  event: string,
  schema: S,
  answer: (req: z.infer<S>) => Promise<unknown>,
): void {
  socket.on(event, (data: unknown, ack?: Ack) => {
    const reply = ack ?? (() => log.warn('an event arrived without an ack callback', { event }));
    const parsed = schema.safeParse(data);
    if (!parsed.success) return reply(errorPayload(A2C_ERRORS.badRequest, `invalid ${event} request: ${parsed.error.issues[0]?.message ?? 'bad payload'}`));
    if (parsed.data.computer !== computer.name) {
      return reply(errorPayload(A2C_ERRORS.notFound, `this is Computer "${computer.name}", not "${parsed.data.computer}"`));
    }
    answer(parsed.data).then(reply, (error: unknown) => {
      log.error('answering an agent event failed', { event, error: error instanceof Error ? error.message : String(error) });
      reply(errorPayload(500, `${event} failed on the Computer`));
    });
  });
}

function errorPayload(code: number, message: string): ErrorPayload {
  return { code, message };
}
