/**
 * Acceptance: a scripted MCP client that sees only what an agent sees computes 12*7+5
 * in a real GNOME Calculator and reads 89 from the result.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { structured } from '../../helpers/demoServer.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import { useLiveBridge } from '../helpers/liveBridge.js';
import { liveSessions } from '../helpers/waylandStack.js';
import { runScenario } from './scenario.js';
import { calculatorScenario, type CalculatorFacts } from './scenarios/calculator.js';

const stack = displayStack(['gnome-calculator']);

// Both sessions: X11 (Xvfb + openbox) and Wayland (sway, native GTK).
describe.each(liveSessions(['gnome-calculator']))('agent task: calculate in GNOME Calculator ($session)', ({ session, skip }) => {
  it.skipIf(skip)(
    'computes 12*7+5 and reads 89 from the result',
    async () => {
      const seen: CalculatorFacts[] = [];
      const run = await runScenario(
        calculatorScenario((facts) => seen.push(facts)),
        session,
      );
      expect(seen).toHaveLength(1);
      expect(seen[0]?.result).toMatchObject({ result: '89', value: 89 });
      // The state agrees with the result: mode, expression and result in the summary.
      expect(seen[0]?.summary).toMatch(/^Calculator \(Basic mode\): 12\s*[*×]\s*7\s*\+\s*5 = 89$/);
      expect(run.metrics.toolCalls).toBe(1);
    },
    120_000,
  );
});

describe.skipIf(stack.skip)('gnome-calculator translator on the real app', () => {
  const live = useLiveBridge({ desktop: { apps: ['gnome-calculator'] } });
  // The apps printed no critical or warning during the test (../helpers/appLogs.ts).
  afterEach(() => expectAppsQuiet(live.desktop));
  const calculator = async () => live.windowTitled(/^Calculator$/);
  const fields = (window: { blocks: Array<{ type: string; items?: unknown }> }) =>
    window.blocks.find((b) => b.type === 'fields')?.items as Array<{ label: string; value: unknown }>;

  it('reports a malformed expression as validation_failed on `expression`, shown in the state', async () => {
    const { id } = await calculator();
    const outcome = await live.client.call(`${id}__calculate`, { expression: '2+' });
    expect(outcome.isError).toBe(true);
    expect(structured(outcome)).toMatchObject({ code: 'validation_failed', fields: [{ field: 'expression', error: 'Malformed expression' }] });
    const window = await waitFor(async () => {
      const w = await calculator();
      return w.blocks.some((b) => b.type === 'notice' && b.severity === 'error') ? w : null;
    });
    expect(window.summary).toBe('Calculator (Basic mode): 2+ — Malformed expression');
    expect(fields(window)).toContainEqual({ label: 'Result', value: '' });
  });

  it('calculates an expression again, for which the calculator adds no history row', async () => {
    const { id } = await calculator();
    for (let i = 0; i < 2; i++) {
      expect(structured(await live.client.call(`${id}__calculate`, { expression: '3+4' }))).toMatchObject({
        result: { expression: '3+4', result: '7', value: 7 },
      });
    }
  });

  it('clears the display', async () => {
    const { id } = await calculator();
    expect(structured(await live.client.call(`${id}__clear`))).toMatchObject({ message: 'The display is empty.' });
    expect(fields(await calculator())).toContainEqual({ label: 'Expression', value: '' });
  });

  it('switches to Advanced mode and back, opening the mode menu itself', async () => {
    const { id } = await calculator();
    const advanced = await live.client.call(`${id}__switch_mode`, { mode: 'advanced' });
    expect(structured(advanced)).toMatchObject({ result: { mode: 'Advanced' } });
    expect((await calculator()).summary).toMatch(/^Calculator \(Advanced mode\)/);
    // Advanced keys are pressable through the generic press, beside the calculator's own actions.
    const tools = await live.client.client.listTools();
    const press = tools.tools.find((t) => t.name === `${id}__press`);
    expect(JSON.stringify(press?.inputSchema)).toContain('sin');
    const again = await live.client.call(`${id}__calculate`, { expression: '2^10' });
    expect(structured(again)).toMatchObject({ result: { result: '1024', value: 1024 } });
    expect(structured(await live.client.call(`${id}__switch_mode`, { mode: 'basic' }))).toMatchObject({ result: { mode: 'Basic' } });
    expect(structured(await live.client.call(`${id}__switch_mode`, { mode: 'basic' })).message).toMatch(/already in Basic mode/);
  });
});
