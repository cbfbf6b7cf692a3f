/**
 * The stdio transport (P-INIT-1), our own instead of the SDK's for two reasons: every line gets an
 * answer (the SDK's drops a line its schema rejects, and the client waits forever), and the end
 * of stdin closes the session (the SDK's ignores it, so a server whose client crashed kept running,
 * holding its desktop connections).
 */
import process from 'node:process';
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { checkIncoming, rpcError, type RpcErrorMessage } from './jsonRpcCheck.js';
import { trimInitialize } from './trimInitialize.js';

/**
 * After stdin's end, how long requests already received may still be answered (a pipe's half
 * close: the client wrote its requests, closed its end, and reads the answers).
 */
export const ANSWER_AFTER_END_MS = 5000;

/** A line longer than this is refused (and skipped up to its newline) instead of buffered. */
export const MAX_STDIO_LINE_BYTES = 8 * 1024 * 1024;

export class LineStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private chunks: Buffer[] = [];
  private buffered = 0;
  private skipping = false;
  private closed = false;
  private ending = false;
  /** Ids of requests received and not answered yet. */
  private readonly unanswered = new Set<string | number>();

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('error', this.onStreamError);
    // A client that closed its end of our stdout (EPIPE) has left: close, never crash.
    this.output.on('error', this.onStreamError);
  }

  send(message: JSONRPCMessage | RpcErrorMessage): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (!('method' in message) && 'id' in message && message.id !== null && message.id !== undefined) {
      this.unanswered.delete(message.id);
      if (this.ending && this.unanswered.size === 0) setImmediate(() => void this.close()); // after this answer is written
    }
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('error', this.onStreamError);
    this.output.off('error', this.onStreamError);
    this.input.pause();
    this.chunks = [];
    this.onclose?.();
  }

  /** The client's end: the session closes once what it asked is answered (within a bound). */
  private readonly onEnd = () => {
    this.ending = true;
    if (this.unanswered.size === 0) {
      void this.close();
      return;
    }
    setTimeout(() => void this.close(), ANSWER_AFTER_END_MS).unref();
  };

  private readonly onStreamError = (error: Error) => {
    this.onerror?.(error);
    void this.close();
  };

  private readonly onData = (chunk: Buffer) => {
    let rest = chunk;
    for (let newline = rest.indexOf(10); newline >= 0; newline = rest.indexOf(10)) {
      this.take(rest.subarray(0, newline));
      this.endLine();
      rest = rest.subarray(newline + 1);
    }
    if (rest.length > 0) this.take(rest);
  };

  private take(part: Buffer): void {
    if (this.skipping || part.length === 0) return;
    this.buffered += part.length;
    if (this.buffered > MAX_STDIO_LINE_BYTES) {
      this.skipping = true;
      this.chunks = [];
      return;
    }
    this.chunks.push(Buffer.from(part));
  }

  private endLine(): void {
    const skipped = this.skipping;
    const line = Buffer.concat(this.chunks).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.buffered = 0;
    this.skipping = false;
    if (skipped) {
      void this.send(rpcError(null, ErrorCode.InvalidRequest, `Invalid Request: a message is limited to ${MAX_STDIO_LINE_BYTES} bytes.`));
      return;
    }
    if (line.trim() === '') return;
    this.receive(line);
  }

  private receive(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      void this.send(rpcError(null, ErrorCode.ParseError, 'Parse error: the line is not JSON.'));
      return;
    }
    const checked = checkIncoming(value);
    if (!checked.ok) {
      for (const error of checked.errors) void this.send(error);
      return;
    }
    for (const message of checked.messages) {
      if ('method' in message && 'id' in message) this.unanswered.add(message.id);
      this.onmessage?.(trimInitialize(message));
    }
  }
}
