/**
 * Task: fill a real `zenity --forms` dialog. The agent first sends it with "Last name" left
 * empty and must get validation_failed naming that field (every field is required unless listed
 * in `optional`); it re-reads the form (the values it gave are filled in), sends the missing
 * value, and zenity prints the values in its own format on stdout.
 */
import type { TaskScenario } from '../scenario.js';
import { callOnFreshVersion, expectTool, fail } from './checks.js';

export const FORM_TITLE = 'New account';
export const FORM_PASSWORD = 'Hx-form-secret-4471';
const TITLE = /^New account$/;

const FORM_ARGS = [
  '--forms',
  `--title=${FORM_TITLE}`,
  '--text=Account details',
  '--add-entry=First name',
  '--add-entry=Last name',
  '--add-password=Password',
  '--add-combo=Team',
  '--combo-values=Red|Green|Blue',
  '--add-list=Role',
  '--list-values=Admin|User|Guest',
];

export interface ZenityFormFacts {
  /** structuredContent of the first, incomplete submit. */
  firstError: Record<string, unknown>;
  /** The form as the agent read it between the two calls. */
  fieldsBetween: unknown;
  stdout: string;
  exitCode: number | string | null;
}

export function zenityFormScenario(report: (facts: ZenityFormFacts) => void = () => undefined): TaskScenario {
  return {
    name: 'zenity: fill a form',
    apps: [],
    async run({ desktop, agent }) {
      const zenity = await desktop.launch('zenity', FORM_ARGS, { captureStdout: true });
      const window = await agent.waitForWindow(TITLE);
      expectTool(await agent.tools(), `${window.id}__submit`);
      const first = await callOnFreshVersion(agent, TITLE, 'submit', {
        fields: { 'First name': 'Ada', Password: FORM_PASSWORD, Team: 'Green', Role: 'Guest' },
      });
      if (!first.isError || first.structured.code !== 'validation_failed') fail(`an incomplete form was accepted: ${JSON.stringify(first.structured)}`);
      const between = await agent.waitForWindow(TITLE);
      const fieldsBetween = between.blocks.find((b) => b.type === 'fields');
      const second = await callOnFreshVersion(agent, TITLE, 'submit', { fields: { 'Last name': 'Lovelace' } });
      if (second.isError) fail(`the completed form was refused: ${JSON.stringify(second.structured)}`);
      const exitCode = await zenity.exited;
      report({ firstError: first.structured, fieldsBetween, stdout: zenity.stdout(), exitCode });
    },
  };
}
