/**
 * What the console page shows, built from the bridge's published state only: the app://windows
 * snapshot (already masked, P-SENS-1), the window graph (owners, modal chains, operable set) and
 * each window's tools. Nothing here reads the platform: the page costs the apps nothing.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Bridge } from '../../bridge/bridge.js';
import type { Snapshot } from '../../protocol/schemas.js';
import type { ConsoleTool, GraphNode } from './wire.js';

export type { ConsoleTool, GraphNode };

export interface ConsoleView {
  generation: number;
  snapshot: Snapshot;
  graph: GraphNode[];
  tools: ConsoleTool[];
}

export function buildView(bridge: Bridge): ConsoleView {
  const snapshot = bridge.snapshot();
  const operable = new Set(snapshot.operableWindowIds);
  const records = new Map(bridge.windows().map((r) => [r.winId, r]));
  const modalsOver = new Map<string, string[]>();
  for (const w of snapshot.windows) {
    if (w.modal && w.ownerId) modalsOver.set(w.ownerId, [...(modalsOver.get(w.ownerId) ?? []), w.id]);
  }
  const graph = snapshot.windows.map((w): GraphNode => {
    const record = records.get(w.id);
    return {
      id: w.id,
      title: w.title,
      app: record?.facts.app.name ?? '',
      modal: w.modal,
      ownerId: w.ownerId,
      operable: operable.has(w.id),
      blockedBy: operable.has(w.id) ? [] : blockers(w.id, modalsOver),
      version: w.version,
      lastModified: record?.lastModified ?? 0,
    };
  });
  return { generation: bridge.state.generation, snapshot, graph, tools: bridge.tools().map((t) => consoleTool(bridge, t)) };
}

/** Every modal stacked on `id`, nearest first (a modal over a modal over the window). */
function blockers(id: string, modalsOver: Map<string, string[]>): string[] {
  const out: string[] = [];
  const queue = [...(modalsOver.get(id) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift() as string;
    if (out.includes(next)) continue; // a cycle in broken owner data must not loop
    out.push(next);
    queue.push(...(modalsOver.get(next) ?? []));
  }
  return out;
}

function consoleTool(bridge: Bridge, tool: Tool): ConsoleTool {
  const target = bridge.state.toolTarget(tool.name);
  return {
    name: tool.name,
    ...(tool.title ? { title: tool.title } : {}),
    windowId: target?.kind === 'window' ? target.winId : null,
    readOnly: tool.annotations?.readOnlyHint === true,
    destructive: tool.annotations?.destructiveHint === true,
  };
}
