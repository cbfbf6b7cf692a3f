/**
 * Acceptance: a scripted MCP client picks row 7,345 of a real 10,000-row zenity list.
 * The state holds only the first rows and the total (P-BLK-7); the row is found with load_rows
 * and chosen by index; zenity prints its first column.
 */
import { describe, expect, it } from 'vitest';
import { PREVIEW_ROWS } from '../../../src/translate/kit/blocks.js';
import { liveSessions } from '../helpers/waylandStack.js';
import { runScenario } from './scenario.js';
import { LIST_ROWS, PICKED_ROW, zenityListScenario, type ZenityListFacts } from './scenarios/zenityList.js';

// Both sessions: X11 (Xvfb + openbox) and Wayland (sway, native GTK).
describe.each(liveSessions(['zenity']))('agent task: pick a row of a 10,000-row zenity list ($session)', ({ session, skip }) => {
  it.skipIf(skip)(
    'finds row 7,345 with load_rows, chooses it, and zenity prints it',
    async () => {
      const seen: ZenityListFacts[] = [];
      await runScenario(
        zenityListScenario((facts) => seen.push(facts)),
        session,
      );
      const facts = seen[0] as ZenityListFacts;
      expect(facts.table).toMatchObject({ columns: ['Number', 'Name'], offset: 0, total: LIST_ROWS });
      expect(facts.table.rows).toHaveLength(PREVIEW_ROWS);
      expect(facts.table.rows[0]).toEqual(['1', 'Item 1']);
      expect(facts.loaded).toMatchObject({ result: { rows: [[String(PICKED_ROW), `Item ${PICKED_ROW}`]], offset: PICKED_ROW - 1, total: LIST_ROWS } });
      expect(facts.chosen).toMatchObject({ result: { row: PICKED_ROW - 1, cells: [String(PICKED_ROW), `Item ${PICKED_ROW}`] } });
      expect(facts.exitCode).toBe(0);
      expect(facts.stdout).toBe(`${PICKED_ROW}\n`);
    },
    180_000,
  );
});
