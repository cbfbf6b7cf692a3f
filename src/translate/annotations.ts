import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { ActionKind } from './types.js';

interface KindHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
}

// The one place that turns an action's kind into MCP annotations (P-TOOL-13).
const HINTS_BY_KIND: Record<ActionKind, KindHints> = {
  read: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  navigate: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  write: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  destructive: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
};

/**
 * The tool's own `title` says what it is; annotations carry only the hints (P-TOOL-13). Hints equal
 * to MCP's defaults that cannot make a client less careful are left out, because they repeat in
 * every tool of tools/list: `readOnlyHint: false` and `idempotentHint: false` (the
 * defaults), and destructive/idempotent on read-only tools (meaningless there per the MCP spec).
 * `destructiveHint` is always explicit on tools that change something, so a client testing
 * `destructiveHint === true` still warns, and `openWorldHint: false` differs from the default.
 */
export function annotationsFor(kind: ActionKind, overrides: { idempotent?: boolean; openWorld?: boolean } = {}): ToolAnnotations {
  const hints = HINTS_BY_KIND[kind];
  const openWorldHint = overrides.openWorld ?? false;
  if (hints.readOnlyHint) return { readOnlyHint: true, openWorldHint };
  const idempotent = overrides.idempotent ?? hints.idempotentHint;
  return { destructiveHint: hints.destructiveHint, ...(idempotent ? { idempotentHint: true } : {}), openWorldHint };
}

/** Writes carry `expectedVersion` (P-TOOL-12); read-only tools do not need it. */
export function acceptsExpectedVersion(kind: ActionKind): boolean {
  return kind !== 'read';
}
