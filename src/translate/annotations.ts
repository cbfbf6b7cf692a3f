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

/** The tool's own `title` says what it is; annotations carry only the hints. */
export function annotationsFor(kind: ActionKind, overrides: { idempotent?: boolean; openWorld?: boolean } = {}): ToolAnnotations {
  const hints = HINTS_BY_KIND[kind];
  return {
    ...hints,
    idempotentHint: overrides.idempotent ?? hints.idempotentHint,
    openWorldHint: overrides.openWorld ?? false,
  };
}

/** Writes carry `expectedVersion` (P-TOOL-12); read-only tools do not need it. */
export function acceptsExpectedVersion(kind: ActionKind): boolean {
  return kind !== 'read';
}
