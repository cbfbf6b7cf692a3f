/**
 * Verified writes on Qt widgets (qt6ct, Qt 6): a page tab, which has Press and no Selection, is
 * chosen through its action; a combo box, which has no Selection either, through its drop-down.
 * Each result says the route that took; pyatspi, not our reader, confirms what the app shows
 * (Qt names a tab strip and a combo box after their current item).
 */
import { describe, expect, it } from 'vitest';
import { displayStack, waitFor } from './helpers/desktop.js';
import { useLiveBridge } from './helpers/liveBridge.js';
import { pyatspi } from './helpers/pyatspi.js';

const stack = displayStack(['qt6ct']);

describe.skipIf(stack.skip)('verified writes on Qt 6 widgets (qt6ct)', () => {
  const live = useLiveBridge({ desktop: { apps: ['qt6ct'] } });
  const pid = () => live.desktop.state.processes.find((p) => p.name.endsWith('-qt6ct'))?.pid as number;
  const namesOf = (role: string) => pyatspi<string[]>(live.desktop, 'names', String(pid()), role);

  const choose = async (winId: string, field: string, option: string) => {
    const result = await live.client.call(`${winId}__select`, { field, option });
    expect(result.isError, JSON.stringify(result.structuredContent)).toBeFalsy();
    return (result.structuredContent as { result?: { via?: string } }).result?.via;
  };

  it('chooses a page tab by its Press action and a combo box option, each confirmed by pyatspi', async () => {
    const w = await live.windowTitled(/^Qt6 Configuration Tool$/, 60_000);
    // Qt names the strip after its current tab; the bridge names it after its first one, which stays.
    const strip = 'Appearance tabs';
    const fields = await waitFor(async () => {
      const items = await live.fieldsOf(w.id);
      return items.some((f) => f.label === strip && f.value === 'Appearance') && items.some((f) => f.label === 'Style') ? items : null;
    }, 30_000);
    expect(await choose(w.id, strip, 'Fonts')).toBe('action');
    await waitFor(async () => (await namesOf('page tab list')).includes('Fonts'), 10_000);
    expect(await choose(w.id, strip, 'Appearance')).toBe('action');
    await waitFor(async () => (await namesOf('page tab list')).includes('Appearance'), 10_000);

    const style = fields.find((f) => f.label === 'Style');
    const other = style?.value === 'Windows' ? 'Fusion' : 'Windows';
    expect(await choose(w.id, 'Style', other)).toMatch(/^(selection|action|pointer)$/);
    await waitFor(async () => (await namesOf('combo box')).includes(other), 10_000);
    expect((await live.fieldsOf(w.id)).find((f) => f.label === 'Style')?.value).toBe(other);
  }, 150_000);
});
