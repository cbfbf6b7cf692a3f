/**
 * Steps the Qt agent tasks share, each as an agent does it: wait until a window shows something
 * (re-reading after each `resources/updated`), and wait until a window's menu tool offers a path.
 */
import type { ProtocolWindow } from '../../../src/protocol/schemas.js';
import { waitFor } from '../helpers/desktop.js';
import type { ScriptedAgent } from './agent.js';
import { fail } from './scenarios/checks.js';

/** The operable window titled `title` once a read shows what `shows` looks for. */
export async function windowShowing(
  agent: ScriptedAgent,
  title: RegExp,
  shows: (w: ProtocolWindow) => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
): Promise<ProtocolWindow> {
  let last: ProtocolWindow | undefined;
  try {
    return await waitFor(async () => {
      last = await agent.waitForWindow(title, timeoutMs);
      if (await shows(last)) return last;
      await agent.waitForUpdate(1000);
      return null;
    }, timeoutMs);
  } catch {
    fail(`the window never showed ${what}: ${last?.title} ${JSON.stringify(last?.blocks ?? [])}`);
  }
}

/**
 * The menu tool's name once its enum offers `path`. An item of a closed menu that the app enables
 * after an action (Edit > Rename once a file is selected) can reach the menu tool a read after the
 * action's own effect did (under load, a tools/list right after the action missed it): an agent
 * re-reads until the menu offers it.
 */
export function menuOffering(agent: ScriptedAgent, windowId: string, path: string, rounds = 30): Promise<string> {
  return toolOffering(agent, `${windowId}__menu`, path, rounds);
}

/** The same for any tool whose enum grows with what the window shows (a window's commands). */
export async function toolOffering(agent: ScriptedAgent, name: string, value: string, rounds = 30): Promise<string> {
  for (let round = 0; ; round++) {
    await agent.read();
    const tool = (await agent.tools()).find((t) => t.name === name);
    if (JSON.stringify(tool?.inputSchema ?? {}).includes(JSON.stringify(value))) return name;
    if (round >= rounds) fail(`the ${name} tool never offered ${value}`);
    await agent.waitForUpdate(1000);
  }
}

/** The fields of a window's fields blocks. */
export function fieldsOf(window: ProtocolWindow) {
  return window.blocks.flatMap((b) => (b.type === 'fields' ? b.items : []));
}
