/**
 * Agent task: a calculation in SpeedCrunch (Qt 5) through the tools a client sees only: the
 * keypad is shown through the menu tool, the expression set with set_field (its route said), the
 * "=" key of the keypad pressed; no key tool. The result is read from the state and checked
 * against pyatspi, which reads SpeedCrunch's own "Current result" accessible.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import { useLiveBridge } from '../helpers/liveBridge.js';
import { pyatspi } from '../helpers/pyatspi.js';

const stack = displayStack(['speedcrunch']);

describe.skipIf(stack.skip)('agent task: a calculation in SpeedCrunch', () => {
  const live = useLiveBridge({ desktop: { apps: ['speedcrunch'] } });
  // The apps printed no critical or warning during the test (../helpers/appLogs.ts).
  afterEach(() => expectAppsQuiet(live.desktop));
  const pid = () => live.desktop.state.processes.find((p) => p.name.endsWith('-speedcrunch'))?.pid as number;

  it('computes (17+4)*3^2 = 189 with set_field and the keypad', async () => {
    const w = await live.windowTitled(/^SpeedCrunch$/, 60_000);
    const call = async (tool: string, args: Record<string, unknown>) => {
      const result = await live.client.call(`${w.id}__${tool}`, args);
      expect(result.isError, `${tool} ${JSON.stringify(result.structuredContent)}`).toBeFalsy();
      return result.structuredContent as { result?: { via?: string } };
    };
    const hasEquals = async () => {
      const tools = (await live.client.client.listTools()).tools;
      return JSON.stringify(tools.find((t) => t.name === `${w.id}__press`)?.inputSchema ?? {}).includes('"="');
    };
    if (!(await hasEquals())) await call('menu', { path: 'View > Keypad' });
    await waitFor(hasEquals, 15_000);
    expect((await call('set_field', { field: 'Text', value: '(17+4)*3^2' })).result?.via).toMatch(/^(editable_text|typing)$/);
    await call('press', { button: '=' });
    const shown = await waitFor(async () => {
      const text = JSON.stringify((await live.windowNow(w.id))?.blocks ?? []);
      return text.includes('= 189') ? text : null;
    }, 15_000);
    expect(shown).toContain('(17+4)*3^2');
    const labels = await pyatspi<string[]>(live.desktop, 'all-names', String(pid()), 'label');
    expect(labels).toContain('Current result: 189');
  }, 150_000);
});
