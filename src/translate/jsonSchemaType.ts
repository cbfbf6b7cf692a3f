/** A JSON Schema as published in tools/list. Its own module so that schema helpers can share it without importing each other. */
export type JsonSchema = Record<string, unknown>;
