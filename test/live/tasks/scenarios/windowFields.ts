/** A window's fields as an agent reads them: the value shown for a label, and waiting for one. */
import type { ProtocolWindow } from '../../../../src/protocol/schemas.js';
import type { ScriptedAgent } from '../agent.js';

/** Every field the window shows, by label, from its fields blocks. */
export function fieldValues(window: ProtocolWindow): Record<string, unknown> {
  const items = window.blocks.flatMap((b) => (b.type === 'fields' ? b.items : []));
  return Object.fromEntries(items.map((item) => [item.label, item.value]));
}

/** The rows of every table the window shows. */
export function tableRows(window: ProtocolWindow): unknown[][] {
  return window.blocks.flatMap((b) => (b.type === 'table' ? b.rows : []));
}

/** The value the window shows for a field, from its fields block. */
export function fieldValue(window: ProtocolWindow | undefined, label: string): unknown {
  for (const block of window?.blocks ?? []) {
    if (block.type !== 'fields') continue;
    const item = block.items.find((i) => i.label === label);
    if (item) return item.value;
  }
  return undefined;
}

/**
 * The operable window titled `title` once it shows `value` in the field `label`, re-read after
 * each change the server announces (a window may be operable before its content has been read);
 * null at the deadline.
 */
export async function windowShowing(agent: ScriptedAgent, title: RegExp, label: string, value: string, timeoutMs: number): Promise<ProtocolWindow | null> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const window = await agent.operableWindow(title);
    if (window && fieldValue(window, label) === value) return window;
    if (Date.now() > until) return null;
    await agent.waitForUpdate(Math.min(1000, Math.max(0, until - Date.now())));
  }
}
