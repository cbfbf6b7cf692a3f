/**
 * stdin read from the very start of `serve`, not only once the MCP side is up: a client that
 * closes its end while the source still opens (a desktop that is slow to answer, an application
 * that does not respond) must end serve at once, and its end is only seen by reading. What arrives
 * meanwhile (the client's `initialize`) is kept, in order, for the stdio transport.
 */
import process from 'node:process';
import { PassThrough, type Readable } from 'node:stream';

/** What a client may send before the server reads it: far more than an `initialize` line. */
const EARLY_BUFFER_BYTES = 8 * 1024 * 1024;

export class EarlyStdin {
  /** The client's bytes, for the stdio transport; it ends when stdin ends. */
  readonly input: PassThrough;
  /** Settles when stdin ends, fails or closes. */
  readonly ended: Promise<void>;
  /** Whether the client sent anything but blank lines before its end (requests it may await). */
  received = false;

  constructor(private readonly stdin: Readable = process.stdin) {
    this.input = new PassThrough({ highWaterMark: EARLY_BUFFER_BYTES });
    this.ended = new Promise((resolve) => {
      stdin.once('end', () => resolve());
      stdin.once('close', () => resolve());
      stdin.once('error', () => resolve());
    });
    const noteData = (chunk: Buffer | string) => {
      if (String(chunk).trim() === '') return;
      this.received = true;
      stdin.off('data', noteData);
    };
    stdin.on('data', noteData);
    stdin.pipe(this.input);
  }

  /** Stops reading (at the stop): stdin no longer holds the process. */
  release(): void {
    this.stdin.unpipe(this.input);
    this.stdin.pause();
    if (this.stdin === process.stdin) this.stdin.destroy();
  }
}
