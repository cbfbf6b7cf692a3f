/**
 * Acceptance: a libadwaita preferences window, through the tools a client sees only. GNOME
 * Calculator's Preferences (opened by its application tool) is a list of AdwActionRows and
 * AdwComboRows: the agent reads each row's value beside its title, and picks Angle units with
 * `select` (an AdwComboRow: no button, no action, its options exist only once its popover opens;
 * an option it does not have answers validation_failed with those it has), turns Thousands
 * separators on (a switch row) and sets Number of decimals (a spin row). The truth is the
 * calculator itself: sin(90) is 1 in degrees and 0.893996664 in radians, 1234*1000 shows as
 * 1 234 000 once grouped, 1/3 as 0.33 with two decimals.
 */
import { describe, expect, it } from 'vitest';
import { DESKTOP_MESSAGES, expectAppsQuiet } from '../helpers/appLogs.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import { runScenario } from './scenario.js';
import { expectTool, fail } from './scenarios/checks.js';

// Off CI without the app or the display stack this skips; CI installs them and never skips.
// What GNOME Calculator 43 prints on its own: the desktop has no network when it fetches exchange
// rates; and each change of a setting, made with the keyboard alone (xdotool: Tab to a switch,
// space; no AT-SPI client on the desktop), prints history_view_set_serializer's critical once.
const CALCULATOR_OWN = [
  /^currency-provider\.vala:\d+: Couldn't download \w+ currency rate file: /,
  /^history_view_set_serializer: assertion 'self != NULL' failed$/,
];
const stack = displayStack(['gnome-calculator']);

describe.skipIf(stack.skip)('agent task: a libadwaita preferences window', () => {
  it("GNOME Calculator: its settings read, a combo row chosen, a switch turned and a spin row set, each checked by the calculator's results", async () => {
    const seen: Record<string, unknown> = {};
    await runScenario({
      name: 'gnome-calculator: preferences',
      apps: ['gnome-calculator'],
      async run({ agent, desktop }) {
        const main = await agent.waitForWindow(/^Calculator$/);
        const calculate = expectTool(await agent.tools(), `${main.id}__calculate`);
        // The application's own actions (app.preferences) are tools once the bridge has read them.
        const preferences = await waitFor(async () => (await agent.tools()).find((t) => /^app__(\w+_)?preferences$/.test(t.name))?.name, 20_000).catch(() =>
          fail('no tool opens the preferences'),
        );
        // The window is modal over the calculator: it is opened for each change, and closed
        // before each calculation. Answers the action's result and the field's value read after.
        const inPreferences = async (action: string, args: Record<string, unknown>) => {
          await agent.must(preferences);
          const prefs = await agent.waitForWindow(/^Preferences$/);
          const outcome = await agent.call(expectTool(await agent.tools(), `${prefs.id}__${action}`), args);
          const field = (await agent.operableWindow(/^Preferences$/))?.blocks.find((b) => b.type === 'fields');
          await agent.must(expectTool(await agent.tools(), `${prefs.id}__close`));
          await waitFor(async () => (await agent.operableWindow(/^Calculator$/)) !== undefined, 10_000);
          const shown = field && 'items' in field ? field.items.find((i) => i.label === args.field)?.value : undefined;
          return { isError: outcome.isError, ...outcome.structured, shown };
        };
        const prefs = await (async () => (await agent.must(preferences), agent.waitForWindow(/^Preferences$/)))();
        const fields = prefs.blocks.find((b) => b.type === 'fields');
        seen.fields = fields && 'items' in fields ? fields.items : [];
        await agent.must(expectTool(await agent.tools(), `${prefs.id}__close`));
        await waitFor(async () => (await agent.operableWindow(/^Calculator$/)) !== undefined, 10_000);
        seen.wrong = await inPreferences('select', { field: 'Angle units', option: 'Turns' });
        seen.radians = await inPreferences('select', { field: 'Angle units', option: 'Radians' });
        seen.sinRadians = await agent.must(calculate, { expression: 'sin(90)' });
        seen.degrees = await inPreferences('select', { field: 'Angle units', option: 'degrees' });
        seen.sinDegrees = await agent.must(calculate, { expression: 'sin(90)' });
        // A switch row and a spin row, each checked by how the calculator then shows a result.
        seen.separators = await inPreferences('toggle', { field: 'Thousands separators', on: true });
        seen.grouped = await agent.must(calculate, { expression: '1234*1000' });
        seen.decimals = await inPreferences('set_field', { field: 'Number of decimals', value: '2' });
        seen.third = await agent.must(calculate, { expression: '1/3' });
        expectAppsQuiet(desktop, [...DESKTOP_MESSAGES, ...CALCULATOR_OWN]);
      },
    });
    // Each row reads as a field with the value it shows: a spin row, switches, combo rows.
    expect(seen.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: 'Number of decimals', value: 9 }),
        expect.objectContaining({ label: 'Angle units', value: 'Degrees' }),
        expect.objectContaining({ label: 'Word size', value: '64-bit' }),
        expect.objectContaining({ label: 'Trailing zeroes', value: false }),
      ]),
    );
    expect(seen.wrong).toMatchObject({
      isError: true,
      code: 'validation_failed',
      fields: [{ field: 'option', error: 'not an option of Angle units; options: "Radians", "Degrees", "Gradians"' }],
      shown: 'Degrees',
    });
    expect(seen.radians).toMatchObject({ message: 'Chose "Radians" in Angle units.', result: { via: expect.any(String) }, shown: 'Radians' });
    expect(seen.sinRadians).toMatchObject({ result: { result: expect.stringMatching(/^0[.,]893996664/) } });
    expect(seen.degrees).toMatchObject({ message: 'Chose "Degrees" in Angle units.', shown: 'Degrees' });
    expect(seen.sinDegrees).toMatchObject({ result: { result: '1', value: 1 } });
    expect(seen.separators).toMatchObject({ isError: false, shown: true });
    // Grouped by the locale's separator (a space in the desktop's C locale).
    expect(seen.grouped).toMatchObject({ result: { result: expect.stringMatching(/^1[^\d]234[^\d]000$/), value: 1234000 } });
    expect(seen.decimals).toMatchObject({ isError: false, shown: 2 });
    expect(seen.third).toMatchObject({ result: { result: '0.33' } });
  }, 180_000);
});
