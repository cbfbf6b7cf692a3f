/**
 * Input errors. Messages name keys and positions, never the text being typed: it may be a
 * password (P-SENS-1).
 */
export type InputErrorCode = 'invalid_key' | 'invalid_text' | 'invalid_point' | 'unsupported';

export class InputError extends Error {
  constructor(
    readonly code: InputErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'InputError';
  }
}
