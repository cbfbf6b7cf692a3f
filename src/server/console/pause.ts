/**
 * The owner's Pause switch: while paused, every tool that may change something is
 * refused with a structured error; reads (app://windows, read-only tools) keep working.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

export const PAUSED_MESSAGE =
  'The desktop owner paused the agent: actions are refused until they resume it from the GUI Bridge console. Reading app://windows still works; wait and try again later.';

export class PauseSwitch {
  private state = false;
  private readonly listeners = new Set<(paused: boolean) => void>();

  get paused(): boolean {
    return this.state;
  }

  set(paused: boolean): boolean {
    if (paused === this.state) return false;
    this.state = paused;
    for (const listener of this.listeners) listener(paused);
    return true;
  }

  listen(listener: (paused: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether a call of `tool` is refused now. Unknown tools count as actions. */
  blocks(tool: Pick<Tool, 'annotations'> | undefined): boolean {
    return this.state && tool?.annotations?.readOnlyHint !== true;
  }
}
