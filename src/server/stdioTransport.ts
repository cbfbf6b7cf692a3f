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

  private readonly onEnd = () => void this.close();

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
    for (const message of checked.messages) this.onmessage?.(trimInitialize(message));
  }
}
