/**
 * Acceptance: a libadwaita preferences window, through the tools a client sees only. GNOME
 * Calculator's Preferences (opened by its application tool) is a list of AdwActionRows and
 * AdwComboRows: the agent reads each row's value beside its title, and picks Angle units with
 * `select` (an AdwComboRow: no button, no action, its options exist only once its popover opens;
 * an option it does not have answers validation_failed with those it has). The truth is the
 * calculator itself: sin(90) is 1 in degrees and 0.893996664 in radians.
 */
import { describe, expect, it } from 'vitest';
import { DESKTOP_MESSAGES, expectAppsQuiet } from '../helpers/appLogs.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import { runScenario } from './scenario.js';
import { expectTool, fail } from './scenarios/checks.js';

// Off CI without the app or the display stack this skips; CI installs them and never skips.
const stack = displayStack(['gnome-calculator']);

describe.skipIf(stack.skip)('agent task: a libadwaita preferences window', () => {
  it("GNOME Calculator: Angle units read, chosen with select (Radians, then Degrees again), checked by the calculator's sin(90)", async () => {
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
        // The window is modal over the calculator: it is closed before each calculation.
        const choose = async (option: string) => {
          await agent.must(preferences);
          const prefs = await agent.waitForWindow(/^Preferences$/);
          const chosen = await agent.must(expectTool(await agent.tools(), `${prefs.id}__select`), { field: 'Angle units', option });
          const field = (await agent.operableWindow(/^Preferences$/))?.blocks.find((b) => b.type === 'fields');
          await agent.must(expectTool(await agent.tools(), `${prefs.id}__close`));
          await waitFor(async () => (await agent.operableWindow(/^Calculator$/)) !== undefined, 10_000);
          return { ...chosen, shown: field && 'items' in field ? field.items.find((i) => i.label === 'Angle units')?.value : undefined };
        };
        await agent.must(preferences);
        const prefs = await agent.waitForWindow(/^Preferences$/);
        const fields = prefs.blocks.find((b) => b.type === 'fields');
        seen.fields = fields && 'items' in fields ? fields.items : [];
        const wrong = await agent.call(expectTool(await agent.tools(), `${prefs.id}__select`), { field: 'Angle units', option: 'Turns' });
        seen.wrong = { isError: wrong.isError, ...wrong.structured };
        await agent.must(expectTool(await agent.tools(), `${prefs.id}__close`));
        await waitFor(async () => (await agent.operableWindow(/^Calculator$/)) !== undefined, 10_000);
        seen.radians = await choose('Radians');
        seen.sinRadians = await agent.must(calculate, { expression: 'sin(90)' });
        seen.degrees = await choose('degrees');
        seen.sinDegrees = await agent.must(calculate, { expression: 'sin(90)' });
        // The desktop has no network: the calculator says so when it fetches exchange rates.
        expectAppsQuiet(desktop, [...DESKTOP_MESSAGES, /^currency-provider\.vala:\d+: Couldn't download \w+ currency rate file: /]);
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
    expect(seen.wrong).toMatchObject({ isError: true, code: 'validation_failed' });
    expect(JSON.stringify(seen.wrong)).toContain('Gradians');
    expect(seen.radians).toMatchObject({ message: 'Chose "Radians" in Angle units.', result: { via: expect.any(String) }, shown: 'Radians' });
    expect(seen.sinRadians).toMatchObject({ result: { result: expect.stringMatching(/^0[.,]893996664/) } });
    expect(seen.degrees).toMatchObject({ message: 'Chose "Degrees" in Angle units.', shown: 'Degrees' });
    expect(seen.sinDegrees).toMatchObject({ result: { result: '1', value: 1 } });
  }, 180_000);
});
