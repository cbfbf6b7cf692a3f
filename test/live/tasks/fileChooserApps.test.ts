/**
 * Acceptance: the GTK file chooser of four apps other than gedit saves the first time it is used,
 * and the Open dialog of five (four GTK 3, one GTK 4) opens a file the first time; checked on disk and in the window, with
 * the apps printing no criticals.
 */
import { describe, expect, it } from 'vitest';
import { displayStack } from '../helpers/desktop.js';
import { runScenario } from './scenario.js';
import { OPEN_APPS, OPENED_TEXT, SAVE_AS_APPS, appQuestionScenario, openScenario, saveAsScenario, type ChooserFacts } from './scenarios/chooserApps.js';

// Off CI without the apps or the display stack these skip; CI installs them and never skips.
const stack = displayStack(['mousepad', 'pluma', 'abiword', 'gnumeric', 'gnome-text-editor']);

describe.skipIf(stack.skip)('agent task: Save As through the GTK file chooser of other apps', () => {
  it.each(SAVE_AS_APPS.map((spec) => [spec.app, spec] as const))(
    '%s saves to the chosen path the first time',
    async (_app, spec) => {
      const seen: ChooserFacts[] = [];
      const run = await runScenario(saveAsScenario(spec, (facts) => seen.push(facts)));
      expect(seen).toHaveLength(1);
      expect(seen[0]?.chosen).toMatchObject({ result: { outcome: 'chosen' }, openedWindowIds: [] });
      // type_text (when the app takes text), menu, choose: each once, no retry.
      expect(run.metrics.toolCalls).toBe(spec.text === undefined ? 2 : 3);
    },
    180_000,
  );
});

describe.skipIf(stack.skip)('agent task: a question the app asks about the chosen name', () => {
  it('abiword asks about a name whose extension does not match; choose returns the question, the agent answers it', async () => {
    const seen: Array<ChooserFacts & { question: string; operable: string[] }> = [];
    await runScenario(appQuestionScenario((facts) => seen.push(facts)));
    expect(seen).toHaveLength(1);
    const facts = seen[0] as ChooserFacts & { question: string; operable: string[] };
    expect(facts.chosen).toMatchObject({ result: { outcome: 'question', question: facts.question }, openedWindowIds: [facts.question] });
    expect(facts.chosen.message).toMatch(/extension does not match/);
    expect(facts.operable).toContain(facts.question);
  }, 180_000);
});

describe.skipIf(stack.skip)('agent task: Open through the GTK file chooser of five apps', () => {
  it.each(OPEN_APPS.map((spec) => [spec.app, spec] as const))(
    '%s opens the chosen file the first time',
    async (_app, spec) => {
      const seen: Array<ChooserFacts & { shown: { summary?: string } }> = [];
      const run = await runScenario(openScenario(spec, (facts) => seen.push(facts)));
      expect(seen).toHaveLength(1);
      expect(seen[0]?.chosen).toMatchObject({ result: { outcome: 'chosen' } });
      if (spec.showsText) expect(seen[0]?.shown.summary).toContain(OPENED_TEXT);
      // menu, choose: each once, no retry.
      expect(run.metrics.toolCalls).toBe(2);
    },
    180_000,
  );
});
