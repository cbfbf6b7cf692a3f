/**
 * The JSON Schema validator every session's SDK `Server` uses (it checks elicitation answers
 * against the form's schema). The SDK builds one Ajv instance per `Server` by default: at start-up
 * and on every new connection, for a check that runs only when `--confirm` asks a human (it costs
 * start-up, a second client's first read, memory). One shared instance, built on first use, and
 * Ajv itself is loaded only then: `load()` before asking (the SDK calls getValidator synchronously
 * once the answer is in). Callers pass schemas that are constants: Ajv caches compiled schemas.
 */
import type { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';

export class LazySchemaValidator implements jsonSchemaValidator {
  private ajv: AjvJsonSchemaValidator | undefined;
  private loading: Promise<void> | undefined;
  private readonly compiled = new Map<string, JsonSchemaValidator<unknown>>();

  /** Whether Ajv was loaded and its instance built yet. */
  get built(): boolean {
    return this.ajv !== undefined;
  }

  /** Loads Ajv and builds the instance; call (and await) before anything may call getValidator. */
  load(): Promise<void> {
    this.loading ??= import('@modelcontextprotocol/sdk/validation/ajv').then(({ AjvJsonSchemaValidator }) => {
      this.ajv = new AjvJsonSchemaValidator();
    });
    return this.loading;
  }

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    if (!this.ajv) throw new Error('the JSON Schema validator was used before load() finished');
    const key = JSON.stringify(schema);
    let check = this.compiled.get(key);
    if (!check) {
      check = this.ajv.getValidator<unknown>(schema);
      this.compiled.set(key, check);
    }
    return check as JsonSchemaValidator<T>;
  }
}

export const sharedSchemaValidator = new LazySchemaValidator();
