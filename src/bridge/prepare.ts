/**
 * Prepares the tool table entries of a window's or an application's actions: MCP descriptors
 * (name, title, description, schemas, annotations) derived in one place from the declarations.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { toolName } from '../protocol/names.js';
import { acceptsExpectedVersion, annotationsFor } from '../translate/annotations.js';
import { buildOutputSchema, toInputJsonSchema, toResultJsonSchema, type JsonSchema } from '../translate/jsonSchema.js';
import type { ActionDef, AppActionDef, WindowView } from '../translate/types.js';

export interface PreparedAction {
  toolName: string;
  action: string;
  def: ActionDef | AppActionDef;
  /** The action's own parameters; `expectedVersion` is handled by the executor. */
  input: z.ZodObject;
  acceptsVersion: boolean;
  descriptor: Tool;
}

// What expectedVersion means (a window `version`, so at least 1, D-5; stale_state when it moved on)
// is said once, in the server instructions (P-INIT-3): repeating it in every write tool was a tenth
// of tools/list. The executor still refuses a non-integer or a version below 1.
const EXPECTED_VERSION_SCHEMA = { type: 'integer' };

// Static schemas are shared objects: convert each once.
const inputCache = new WeakMap<z.ZodObject, JsonSchema>();
const outputCache = new WeakMap<z.ZodObject, JsonSchema>();
const NO_RESULT_OUTPUT = buildOutputSchema(undefined);

/**
 * Descriptors say what the action does, not which window it is in: the name carries the window id,
 * and app://windows its title. Leaving the window title out keeps tools/list short and
 * keeps descriptors unchanged when only a title changes (a document becoming "*modified"), so such
 * a change sends no `tools/list_changed`.
 */
export function prepareWindowActions(winId: string, view: WindowView, reading: unknown): Map<string, PreparedAction> {
  const prepared = new Map<string, PreparedAction>();
  for (const def of view.actions) {
    if (prepared.has(def.name)) continue;
    // The translator's reading, computed once for this window state (readAndTranslate).
    if (def.available && !def.available(view, reading)) continue; // P-TOOL-2: hidden while unavailable
    const input = typeof def.input === 'function' ? def.input(view, reading) : def.input;
    const acceptsVersion = acceptsExpectedVersion(def.kind);
    const name = toolName(winId, def.name);
    prepared.set(def.name, {
      toolName: name,
      action: def.name,
      def,
      input,
      acceptsVersion,
      descriptor: {
        name,
        title: def.title,
        description: def.description,
        inputSchema: inputJson(input, acceptsVersion) as Tool['inputSchema'],
        outputSchema: outputJson(def.output) as Tool['outputSchema'],
        annotations: annotationsFor(def.kind, { idempotent: def.idempotent, openWorld: def.openWorld }),
      },
    });
  }
  return prepared;
}

/**
 * `appName` is given when the server serves several applications: their commands' titles would
 * otherwise read alike ("About", "About"). With one application it is left out.
 */
export function prepareAppAction(name: string, appName: string | undefined, def: AppActionDef): PreparedAction {
  const title = appName ? `${def.title} · ${appName}` : def.title;
  return {
    toolName: name,
    action: def.name,
    def,
    input: def.input,
    acceptsVersion: false, // an application has no version (P-TOOL-12 is per window)
    descriptor: {
      name,
      title,
      description: def.description,
      inputSchema: inputJson(def.input, false) as Tool['inputSchema'],
      outputSchema: outputJson(def.output) as Tool['outputSchema'],
      annotations: annotationsFor(def.kind, { idempotent: def.idempotent, openWorld: def.openWorld }),
    },
  };
}

function inputJson(input: z.ZodObject, acceptsVersion: boolean): JsonSchema {
  let schema = inputCache.get(input);
  if (!schema) {
    schema = toInputJsonSchema(input);
    inputCache.set(input, schema);
  }
  if (!acceptsVersion) return schema;
  const properties = { ...(schema.properties as Record<string, unknown> | undefined), expectedVersion: EXPECTED_VERSION_SCHEMA };
  return { ...schema, properties };
}

function outputJson(output: z.ZodObject | undefined): JsonSchema {
  if (!output) return NO_RESULT_OUTPUT;
  let schema = outputCache.get(output);
  if (!schema) {
    schema = buildOutputSchema(toResultJsonSchema(output));
    outputCache.set(output, schema);
  }
  return schema;
}
