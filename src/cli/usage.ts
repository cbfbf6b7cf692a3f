/** Command-line usage errors: one clear line on stderr and exit code 2. */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export class UsageError extends Error {
  constructor(
    readonly command: string,
    message: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

type HelpFlag = { help: { type: 'boolean'; short: 'h' } };
/** Named so that declaration files can be emitted (the package ships .d.ts). */
export type ParsedCommandArgs<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O & HelpFlag; strict: true; allowPositionals: false }>
>;

/** Strict parsing: unknown flags and missing values become a UsageError naming the flag. */
export function parseCommandArgs<O extends Options>(command: string, argv: string[], options: O): ParsedCommandArgs<O> {
  try {
    const help: HelpFlag = { help: { type: 'boolean', short: 'h' } };
    return parseArgs({ args: argv, options: { ...options, ...help }, strict: true, allowPositionals: false });
  } catch (error) {
    const message = error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
    throw new UsageError(command, message.replace(/^TypeError \[[A-Z_]+\]: /, ''));
  }
}

export function parsePort(command: string, flag: string, value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(command, `${flag} must be a port number from 0 to 65535, not "${value}"`);
  }
  return port;
}

export function parseCount(command: string, flag: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    throw new UsageError(command, `${flag} must be an integer from ${min} to ${max}, not "${value}"`);
  }
  return n;
}
