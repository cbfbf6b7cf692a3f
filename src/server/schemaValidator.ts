/**
 * The JSON Schema validator every session's SDK `Server` uses (it checks elicitation answers
 * against the form's schema). The SDK builds one Ajv instance per `Server` by default: at start-up
 * and on every new connection, for a check that runs only when `--confirm` asks a human (issue 15:
 * start-up, a second client's first read, memory). One shared instance, built on first use.
 * Callers pass schemas that are constants: Ajv caches compiled schemas per schema object.
 */
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';

export class LazySchemaValidator implements jsonSchemaValidator {
  private ajv: AjvJsonSchemaValidator | undefined;
  private readonly compiled = new Map<string, JsonSchemaValidator<unknown>>();

  /** Whether a schema was compiled yet (the Ajv instance exists). */
  get built(): boolean {
    return this.ajv !== undefined;
  }

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const key = JSON.stringify(schema);
    let check = this.compiled.get(key);
    if (!check) {
      this.ajv ??= new AjvJsonSchemaValidator();
      check = this.ajv.getValidator<unknown>(schema);
      this.compiled.set(key, check);
    }
    return check as JsonSchemaValidator<T>;
  }
}

export const sharedSchemaValidator = new LazySchemaValidator();
