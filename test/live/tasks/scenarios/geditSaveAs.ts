/**
 * Task: write two lines in gedit, save them through Save As to a given path, and find exactly
 * that content in the file on disk; then change the text and save to the same path again: gedit
 * asks whether to replace the file (its own modal window, named in the result), the agent answers
 * "replace", and the file holds the new text.
 *
 * "Exactly": the file holds the two lines, each ended by "\n" — the text the agent set plus the
 * one final newline gedit adds when it saves (a POSIX text file); nothing else, no other bytes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProtocolWindow } from '../../../../src/protocol/schemas.js';
import type { ScriptedAgent } from '../agent.js';
import type { TaskScenario } from '../scenario.js';
import { expectTool, fail } from './checks.js';

export const FIRST_LINES = ['Meeting notes: 29 November', 'Budget approved — next review in March'];
export const SECOND_LINES = ['Meeting notes: 29 November (final)', 'Budget approved; review moved to April'];

export interface SaveAsFacts {
  path: string;
  /** The file's bytes after the first save, and after the replacing save. */
  first: string;
  second: string;
  /** What save_as returned when the file existed. */
  question: Record<string, unknown>;
  /** The operable windows while the question was open. */
  operableWhileAsked: string[];
  summaryAfter: string;
}

const GEDIT = / - gedit$/;

/** Writes the lines with the version just read, and reads the window again (its new version). */
async function write(agent: ScriptedAgent, gedit: ProtocolWindow, lines: string[]): Promise<ProtocolWindow> {
  await agent.must(`${gedit.id}__set_text`, { text: lines.join('\n'), expectedVersion: gedit.version });
  return agent.waitForWindow(GEDIT);
}

async function replaceExisting(agent: ScriptedAgent, gedit: ProtocolWindow, path: string): Promise<Pick<SaveAsFacts, 'question' | 'operableWhileAsked'>> {
  const asked = await agent.must(`${gedit.id}__save_as`, { path, expectedVersion: gedit.version });
  const questionId = (asked.result as { question?: string } | undefined)?.question;
  if (!questionId) fail(`save_as over an existing file did not report the question: ${JSON.stringify(asked)}`);
  const snapshot = await agent.read();
  const answer = expectTool(await agent.tools(), `${questionId}__answer`);
  await agent.must(answer, { choice: 'replace' });
  return { question: asked, operableWhileAsked: snapshot.operableWindowIds };
}

export function geditSaveAsScenario(report: (facts: SaveAsFacts) => void = () => undefined): TaskScenario {
  return {
    name: 'gedit: two lines, Save As, replace',
    apps: ['gedit'],
    async run({ agent, scratch }) {
      const path = join(scratch, 'meeting-notes.txt');
      const first = await agent.waitForWindow(GEDIT);
      // One look at the tools: set_text and save_as are there (the list changes only with windows).
      const tools = await agent.tools();
      for (const action of ['set_text', 'save_as']) expectTool(tools, `${first.id}__${action}`);
      let gedit = await write(agent, first, FIRST_LINES);
      const saved = await agent.must(`${gedit.id}__save_as`, { path, expectedVersion: gedit.version });
      if ((saved.result as { done?: boolean } | undefined)?.done !== true) fail(`save_as did not save: ${JSON.stringify(saved)}`);
      const written = readFileSync(path, 'utf8');
      if (written !== `${FIRST_LINES.join('\n')}\n`) fail(`the file holds ${JSON.stringify(written)}`);
      gedit = await write(agent, await agent.waitForWindow(/^meeting-notes\.txt .* - gedit$/), SECOND_LINES);
      const replaced = await replaceExisting(agent, gedit, path);
      const after = await agent.waitForWindow(/^meeting-notes\.txt .* - gedit$/);
      report({ path, first: written, second: readFileSync(path, 'utf8'), ...replaced, summaryAfter: after.summary ?? '' });
    },
  };
}
