/**
 * Acceptance: a scripted MCP client that sees only what an agent sees writes two lines
 * in a real gedit, saves them through Save As to a given path and finds exactly that content on
 * disk; saving over the file again makes gedit ask (its own modal window), and "replace" writes.
 */
import { describe, expect, it } from 'vitest';
import { liveSessions } from '../helpers/waylandStack.js';
import { runScenario } from './scenario.js';
import { FIRST_LINES, SECOND_LINES, geditSaveAsScenario, type SaveAsFacts } from './scenarios/geditSaveAs.js';

// Both sessions: X11 (Xvfb + openbox) and Wayland (sway, native GTK).
describe.each(liveSessions(['gedit']))('agent task: gedit Save As ($session)', ({ session, skip }) => {
  it.skipIf(skip)(
    'saves two lines to the given path, then replaces the file after gedit asks',
    async () => {
      const seen: SaveAsFacts[] = [];
      const run = await runScenario(
        geditSaveAsScenario((facts) => seen.push(facts)),
        session,
      );
      expect(seen).toHaveLength(1);
      const facts = seen[0] as SaveAsFacts;
      // Exactly the two lines, each ended by the newline gedit adds on save.
      expect(facts.first).toBe(`${FIRST_LINES[0]}\n${FIRST_LINES[1]}\n`);
      expect(facts.second).toBe(`${SECOND_LINES[0]}\n${SECOND_LINES[1]}\n`);
      // The question is a window of its own: save_as named it, and only it was operable (P-OPER-1).
      const questionId = (facts.question.result as { question: string }).question;
      expect(facts.question).toMatchObject({ result: { done: false, question: questionId }, openedWindowIds: expect.arrayContaining([questionId]) });
      expect(facts.operableWhileAsked).toEqual([questionId]);
      expect(facts.summaryAfter).toMatch(/^gedit — meeting-notes\.txt in .*, no unsaved changes, Plain Text, 2 lines, cursor at Ln \d+, Col \d+\.$/);
      // set_text, save_as, set_text, save_as, answer.
      expect(run.metrics.toolCalls).toBe(5);
    },
    180_000,
  );
});
