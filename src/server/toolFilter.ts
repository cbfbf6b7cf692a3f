/**
 * Agent controls on the tool surface: `--read-only`, `--tools`, `--exclude-tools`.
 * A filtered tool is neither listed nor callable; every connection sees the same filter.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { parseToolName } from '../protocol/names.js';

export interface ToolFilterOptions {
  /** Only tools annotated readOnlyHint: true. */
  readOnly?: boolean;
  /** Allow-list of patterns; every tool when omitted. */
  include?: string[];
  exclude?: string[];
}

export interface ToolFilter {
  allows(tool: Pick<Tool, 'name' | 'annotations'>): boolean;
  /** Why a tool is refused, for the structured error. */
  reason(tool: Pick<Tool, 'name' | 'annotations'>): string | undefined;
}

/**
 * `close` matches the action of every window (`w1__close`, `w7__close`) and the application action
 * `app__close`; a pattern containing `__` (`app__*`, `w1__*`) matches the whole tool name.
 * `*` matches any run of characters, `?` one character.
 */
export function matchesPattern(toolName: string, pattern: string): boolean {
  const regex = new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.split('?').map(escape).join('.'))
      .join('.*')}$`,
  );
  if (pattern.includes('__')) return regex.test(toolName);
  const action = parseToolName(toolName)?.action ?? toolName;
  return regex.test(action);
}

function escape(text: string): string {
  return text.replace(/[.+^${}()|[\]\\]/g, '\\$&');
}

export function createToolFilter(options: ToolFilterOptions): ToolFilter {
  const reason = (tool: Pick<Tool, 'name' | 'annotations'>): string | undefined => {
    if (options.readOnly && tool.annotations?.readOnlyHint !== true) return 'the server runs read-only (--read-only)';
    if (options.include && !options.include.some((p) => matchesPattern(tool.name, p))) return "it is not in the server's --tools list";
    if (options.exclude?.some((p) => matchesPattern(tool.name, p))) return 'the server excludes it (--exclude-tools)';
    return undefined;
  };
  return { allows: (tool) => reason(tool) === undefined, reason };
}
