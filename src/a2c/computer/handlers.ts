/**
 * The Computer's answers to `client:*` events (Agent → Server → Computer, replies by Socket.IO
 * ack) and its reaction to `notify:tool_call_cancel`: a2c-smcp-protocol/docs/specification
 * events.md; reply shapes are the official ones (src/a2c/schemas). Payloads are validated with zod;
 * a bad one gets a flat ErrorPayload `{code: 400, message}` (error-handling.md "错误响应格式"), one
 * addressed to another Computer `{code: 404}`, and the process keeps running.
 */
import type { Socket } from 'socket.io-client';
import type { z } from 'zod';
import type { Logger } from '../../util/logger.js';
import {
  A2C_ERRORS,
  EVENTS,
  GetBlobReqSchema,
  GetConfigReqSchema,
  GetDesktopReqSchema,
  GetResourcesReqSchema,
  GetSkillReqSchema,
  GetSkillsReqSchema,
  GetToolsReqSchema,
  ToolCallCancelSchema,
  ToolCallReqSchema,
  type ErrorPayload,
} from '../protocol.js';
import type { Computer } from './computer.js';
import { getSkill, listSkills } from './skillChannel.js';

type Ack = (response: unknown) => void;

export function registerHandlers(socket: Socket, computer: Computer, log: Logger): void {
  const answer = <S extends z.ZodType<{ req_id: string; computer: string }>>(event: string, schema: S, reply: (req: z.infer<S>) => Promise<unknown>) =>
    on(socket, computer, log, event, schema, reply);
  answer(EVENTS.getTools, GetToolsReqSchema, async (req) => ({ tools: computer.tools(), req_id: req.req_id }));
  answer(EVENTS.toolCall, ToolCallReqSchema, (req) => computer.callTool(req));
  answer(EVENTS.getDesktop, GetDesktopReqSchema, async (req) => ({
    desktops: await computer.desktop(req.desktop_size ?? undefined, req.window ?? undefined),
    req_id: req.req_id,
  }));
  answer(EVENTS.getResources, GetResourcesReqSchema, async (req) => {
    const page = await computer.resourcesPage(req.mcp_server, req.cursor ?? undefined);
    return 'code' in page ? page : { ...page, req_id: req.req_id };
  });
  // GetComputerConfigRet carries no req_id (data-structures.md).
  answer(EVENTS.getConfig, GetConfigReqSchema, async () => computer.config());
  answer(EVENTS.getSkills, GetSkillsReqSchema, async (req) => listSkills(req.req_id));
  answer(EVENTS.getSkill, GetSkillReqSchema, async (req) => getSkill(req.name));
  answer(EVENTS.getBlob, GetBlobReqSchema, async (req) =>
    computer.blobs.read(req.blob_handle, req.req_id, req.chunk_offset ?? undefined, req.max_chunk_bytes ?? undefined),
  );
  // A notification: no ack, no error code; an unknown req_id is ignored (events.md).
  socket.on(EVENTS.toolCallCancel, (data: unknown) => {
    const parsed = ToolCallCancelSchema.safeParse(data);
    if (!parsed.success) return log.warn('ignoring a malformed notify:tool_call_cancel');
    const cancelled = computer.cancelToolCall(parsed.data.req_id);
    log.info(cancelled ? 'tool call cancelled by the agent' : 'notify:tool_call_cancel for no running call; ignored', { req_id: parsed.data.req_id });
  });
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
