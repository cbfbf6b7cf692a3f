/**
 * `serve` runs zod without its generated parsers (zod's `jitless` mode). zod 4 compiles each
 * object schema to a JavaScript function (`new Function`) on its first parse: that costs about
 * 1 ms per schema, and a server's start-up parses a hundred schemas once each (the SDK's
 * JSON-RPC messages, our blocks). Measured on the blocks of the real-app fixtures: the first
 * pass 4 ms interpreted against 7–22 ms generated, and later passes as fast (0.5 against
 * 0.5–0.9 ms); a JSON-RPC message 0.5 µs slower (spawn → first read).
 * zod decides when a schema is made, so this runs before any module that makes schemas loads.
 */
export async function interpretZodSchemas(): Promise<void> {
  const { z } = await import('zod');
  z.config({ jitless: true });
}
