/**
 * A scripted agent that keeps everything it received — resource reads, tool lists, tool results
 * and errors — so that a task can assert what never reached the agent (a password in clear).
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Snapshot } from '../../../src/protocol/schemas.js';
import { ScriptedAgent, type ToolOutcome } from './agent.js';

export class RecordingAgent extends ScriptedAgent {
  private readonly texts: string[] = [];

  override async read(): Promise<Snapshot> {
    const snapshot = await super.read();
    this.texts.push(JSON.stringify(snapshot));
    return snapshot;
  }

  override async tools(): Promise<Tool[]> {
    const tools = await super.tools();
    this.texts.push(JSON.stringify(tools));
    return tools;
  }

  override async call(name: string, args: Record<string, unknown> = {}): Promise<ToolOutcome> {
    const outcome = await super.call(name, args);
    this.texts.push(JSON.stringify(outcome));
    return outcome;
  }

  /** Everything received so far, as one text. */
  received(): string {
    return this.texts.join('\n');
  }
}
