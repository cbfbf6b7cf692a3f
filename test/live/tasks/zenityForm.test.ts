/**
 * Acceptance: a scripted MCP client fills a real zenity form. Sending it with a field
 * left empty fails with validation_failed naming that field; completing it sends it, and zenity
 * prints exactly the values given. The password never appears in the bridge's logs (P-SENS-1).
 */
import { describe, expect, it } from 'vitest';
import { liveSessions } from '../helpers/waylandStack.js';
import { runScenario } from './scenario.js';
import { FORM_PASSWORD, zenityFormScenario, type ZenityFormFacts } from './scenarios/zenityForm.js';

// Both sessions: X11 (Xvfb + openbox) and Wayland (sway, native GTK).
describe.each(liveSessions(['zenity']))('agent task: fill a zenity form ($session)', ({ session, skip }) => {
  it.skipIf(skip)(
    'names the empty required field, then sends the completed form',
    async () => {
      const seen: ZenityFormFacts[] = [];
      const run = await runScenario(
        zenityFormScenario((facts) => seen.push(facts)),
        session,
      );
      const facts = seen[0] as ZenityFormFacts;
      expect(facts.firstError).toMatchObject({ code: 'validation_failed', fields: [{ field: 'fields.Last name', error: 'required: it is empty' }] });
      // Between the calls the form shows what was given; the password only masked.
      expect(facts.fieldsBetween).toMatchObject({
        items: [
          { label: 'First name', value: 'Ada' },
          { label: 'Last name', value: '' },
          { label: 'Password', value: '••••••', sensitive: true },
          { label: 'Team', value: 'Green' },
          { label: 'Role', value: 'Guest' },
        ],
      });
      expect(facts.exitCode).toBe(0);
      expect(facts.stdout).toBe(`Ada|Lovelace|${FORM_PASSWORD}|Green|Guest\n`);
      expect(run.logs.join('\n')).not.toContain(FORM_PASSWORD);
      expect(JSON.stringify(facts.firstError)).not.toContain(FORM_PASSWORD);
    },
    120_000,
  );
});
