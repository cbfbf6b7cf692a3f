/**
 * The documented tool-schema rules of three LLM APIs, as checks (docs/frameworks.md, "Schema
 * rules", cites each source). Each check returns the problems it finds, worded with the path in
 * the schema; an empty list means the API takes the tool.
 * - OpenAI strict mode, after the standard client rewrite (`strictRewrite`).
 * - Anthropic strict tool use, after the same rewrite.
 * - Gemini function declarations' `parameters` (an OpenAPI 3.0 Schema subset), as published.
 */
type Node = Record<string, unknown>;

const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The rewrite clients apply before strict mode (the OpenAI Agents SDK's `strict: true` tools, the
 * AI SDK and LangChain OpenAI providers): every object closed (`additionalProperties: false`) with
 * every property required, and a property that was optional made nullable.
 */
export function strictRewrite(schema: Node): Node {
  const out: Node = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isNode(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, isNode(child) ? strictRewrite(child) : child]));
    } else if ((key === 'items' || key === 'additionalProperties') && isNode(value)) out[key] = strictRewrite(value);
    else if ((key === 'anyOf' || key === 'allOf' || key === 'oneOf') && Array.isArray(value)) out[key] = value.map((v) => (isNode(v) ? strictRewrite(v) : v));
    else if (key === '$defs' && isNode(value)) out.$defs = Object.fromEntries(Object.entries(value).map(([n, d]) => [n, isNode(d) ? strictRewrite(d) : d]));
    else out[key] = value;
  }
  if (out.type === 'object' || isNode(out.properties)) {
    const properties = (isNode(out.properties) ? out.properties : {}) as Record<string, Node>;
    const required = new Set(Array.isArray(out.required) ? (out.required as string[]) : []);
    for (const [name, child] of Object.entries(properties)) if (!required.has(name)) properties[name] = nullable(child);
    out.properties = properties;
    out.required = Object.keys(properties);
    out.additionalProperties = false;
  }
  return out;
}

function nullable(schema: Node): Node {
  if (typeof schema.type === 'string' && !Array.isArray(schema.enum)) return { ...schema, type: [schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

interface Walk {
  node: Node;
  path: string;
  depth: number;
}

/** Every schema node with its path; `depth` counts nested objects. */
function walk(schema: Node): Walk[] {
  const found: Walk[] = [];
  const visit = (node: Node, path: string, depth: number) => {
    found.push({ node, path, depth });
    const objectDepth = node.type === 'object' || isNode(node.properties) ? depth + 1 : depth;
    if (isNode(node.properties)) for (const [name, child] of Object.entries(node.properties)) if (isNode(child)) visit(child, `${path}.${name}`, objectDepth);
    if (isNode(node.items)) visit(node.items, `${path}[]`, objectDepth);
    if (isNode(node.additionalProperties)) visit(node.additionalProperties, `${path}.*`, objectDepth);
    for (const key of ['anyOf', 'allOf', 'oneOf'])
      if (Array.isArray(node[key])) (node[key] as unknown[]).forEach((b, i) => isNode(b) && visit(b, `${path}|${key}${i}`, depth));
    if (isNode(node.$defs)) for (const [name, def] of Object.entries(node.$defs)) if (isNode(def)) visit(def, `${path}.$defs.${name}`, depth);
  };
  visit(schema, '$', 0);
  return found;
}

function types(node: Node): string[] {
  if (typeof node.type === 'string') return [node.type];
  return Array.isArray(node.type) ? (node.type as string[]) : [];
}

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

// OpenAI Structured Outputs, "Supported schemas": the keywords strict mode takes.
const OPENAI_KEYWORDS = new Set([
  ...['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', '$ref', '$defs', 'description', 'title'],
  ...['pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems'],
]);

/** OpenAI strict function calling on a schema already rewritten for strict mode. */
export function openAiStrictProblems(name: string, schema: Node): string[] {
  const problems: string[] = [];
  if (!TOOL_NAME.test(name)) problems.push(`tool name ${name} must match ${TOOL_NAME.source}`);
  if (schema.type !== 'object') problems.push('$: the root must be an object');
  if (schema.anyOf) problems.push('$: the root must not be anyOf');
  let properties = 0;
  let enumValues = 0;
  let characters = 0;
  for (const { node, path, depth } of walk(schema)) {
    for (const key of Object.keys(node)) if (!OPENAI_KEYWORDS.has(key)) problems.push(`${path}: "${key}" is not supported`);
    for (const t of types(node)) if (!JSON_TYPES.has(t)) problems.push(`${path}: type ${t}`);
    if (depth > 10) problems.push(`${path}: more than 10 levels of nested objects`);
    if (types(node).includes('object') || isNode(node.properties)) {
      const names = Object.keys(isNode(node.properties) ? node.properties : {});
      properties += names.length;
      characters += names.join('').length;
      if (node.additionalProperties !== false) problems.push(`${path}: additionalProperties must be false`);
      const required = Array.isArray(node.required) ? (node.required as string[]) : [];
      for (const n of names) if (!required.includes(n)) problems.push(`${path}.${n}: every property must be required`);
    }
    if (types(node).includes('array') && !isNode(node.items)) problems.push(`${path}: an array needs items`);
    if (Array.isArray(node.enum)) {
      const text = node.enum.reduce<number>((n, v) => n + String(v).length, 0);
      enumValues += node.enum.length;
      characters += text;
      if (node.enum.length > 250 && text > 15_000)
        problems.push(`${path}: ${node.enum.length} enum values of ${text} characters (over 250 values: at most 15,000)`);
    }
    if (node.const !== undefined) characters += String(node.const).length;
  }
  if (properties > 5000) problems.push(`$: ${properties} object properties (at most 5,000)`);
  if (enumValues > 1000) problems.push(`$: ${enumValues} enum values (at most 1,000)`);
  if (characters > 120_000) problems.push(`$: ${characters} characters of names and enum values (at most 120,000)`);
  return problems;
}

// Anthropic "JSON Schema limitations" of structured outputs and strict tool use.
const ANTHROPIC_KEYWORDS = new Set([
  ...['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', 'allOf', '$ref', '$defs', 'definitions'],
  ...['description', 'title', 'default', 'format', 'pattern', 'minItems'],
]);

/** Anthropic strict tool use on a schema already rewritten for strict mode. */
export function anthropicStrictProblems(name: string, schema: Node): string[] {
  const problems: string[] = [];
  if (!TOOL_NAME.test(name)) problems.push(`tool name ${name} must match ${TOOL_NAME.source}`);
  if (schema.type !== 'object') problems.push('$: input_schema must be an object');
  for (const { node, path } of walk(schema)) {
    for (const key of Object.keys(node)) if (!ANTHROPIC_KEYWORDS.has(key)) problems.push(`${path}: "${key}" is not supported`);
    if (typeof node.minItems === 'number' && node.minItems > 1) problems.push(`${path}: minItems ${node.minItems} (only 0 or 1)`);
    if ('additionalProperties' in node && node.additionalProperties !== false) problems.push(`${path}: additionalProperties must be false`);
    if (Array.isArray(node.enum) && node.enum.some((v) => v !== null && typeof v === 'object')) problems.push(`${path}: complex types in an enum`);
    if (types(node).includes('array') && !isNode(node.items)) problems.push(`${path}: an array needs items`);
  }
  return problems;
}

// Gemini API `Schema` (function declarations' `parameters`): the fields it defines.
const GEMINI_FIELDS = new Set([
  ...['type', 'format', 'title', 'description', 'nullable', 'enum', 'maxItems', 'minItems', 'properties', 'required', 'minProperties'],
  ...['maxProperties', 'minLength', 'maxLength', 'pattern', 'example', 'anyOf', 'propertyOrdering', 'default', 'items', 'minimum', 'maximum'],
]);
const GEMINI_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/;
const PLAIN_PROPERTY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Gemini `parameters` as published (Gemini takes no strict rewrite). */
export function geminiProblems(name: string, schema: Node): string[] {
  const problems: string[] = [];
  if (!GEMINI_NAME.test(name)) problems.push(`tool name ${name} must match ${GEMINI_NAME.source}`);
  if (schema.type !== 'object') problems.push('$: parameters must be an object');
  for (const { node, path } of walk(schema)) {
    for (const key of Object.keys(node)) if (!GEMINI_FIELDS.has(key)) problems.push(`${path}: "${key}" is not a Schema field`);
    if (node.type !== undefined && (typeof node.type !== 'string' || !JSON_TYPES.has(node.type))) problems.push(`${path}: type must be one type name`);
    if (Array.isArray(node.enum) && node.enum.some((v) => typeof v !== 'string')) problems.push(`${path}: enum values must be strings`);
    if (node.type === 'array' && !isNode(node.items)) problems.push(`${path}: an array needs items`);
    if (isNode(node.properties)) for (const n of Object.keys(node.properties)) if (!PLAIN_PROPERTY.test(n)) problems.push(`${path}: property name "${n}"`);
  }
  return problems;
}

/** Every API's problems with one tool, each prefixed with the API's name. */
export function apiSchemaProblems(tool: { name: string; inputSchema: Node }): string[] {
  const strict = strictRewrite(tool.inputSchema);
  return [
    ...openAiStrictProblems(tool.name, strict).map((p) => `OpenAI strict: ${p}`),
    ...anthropicStrictProblems(tool.name, strict).map((p) => `Anthropic strict: ${p}`),
    ...geminiProblems(tool.name, tool.inputSchema).map((p) => `Gemini: ${p}`),
  ];
}
