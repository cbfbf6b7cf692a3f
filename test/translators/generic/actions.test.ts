/**
 * The generic actions end to end on the demo app: a real bridge and executor, the generic
 * translator for every window, real effects awaited through ctx.waitFor (P-TOOL-6).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Bridge } from '../../../src/bridge/bridge.js';
import { openDemoProbe, type DemoProbe } from '../../../src/platform/demo/probe.js';
import { reportRow } from '../../../src/platform/demo/reportData.js';
import { SENSITIVE_MASK } from '../../../src/platform/probe.js';
import { silentLogger } from '../../../src/util/logger.js';
import { genericTranslator } from '../../../translators/generic/index.js';
import { structured } from '../../helpers/demoServer.js';

let probe: DemoProbe;
let bridge: Bridge;

beforeEach(async () => {
  probe = await openDemoProbe({ effectDelayMs: 5 });
  bridge = await Bridge.start({ probe, registry: { translators: [], fallback: genericTranslator }, log: silentLogger });
});
afterEach(() => bridge.close());

const call = async (name: string, args: Record<string, unknown> = {}) => {
  const result = await bridge.callTool(name, args);
  return { isError: result.isError === true, ...structured(result) } as Record<string, unknown> & { isError: boolean };
};
const fields = (winId: string) => {
  const block = bridge
    .snapshot()
    .windows.find((w) => w.id === winId)
    ?.blocks.find((b) => b.type === 'fields');
  return Object.fromEntries((block?.type === 'fields' ? block.items : []).map((i) => [i.label, i.value]));
};
const tools = () => bridge.tools().map((t) => t.name);

describe('generic actions on the demo app', () => {
  it('offers only what each window has (P-TOOL-2)', () => {
    expect(tools()).toEqual(expect.arrayContaining(['w1__set_field', 'w1__press', 'w2__load_rows', 'w2__press']));
    expect(tools()).not.toContain('w2__set_field');
    expect(tools()).not.toContain('w1__load_rows');
    expect(tools()).not.toContain('w1__toggle');
  });

  it('set_field returns once the window shows the value; a secret is never echoed', async () => {
    expect(await call('w1__set_field', { field: 'Recipient', value: 'Ada Lovelace' })).toMatchObject({ isError: false, message: 'Recipient set.' });
    expect(fields('w1').Recipient).toBe('Ada Lovelace');
    const secret = await call('w1__set_field', { field: 'Payment password', value: 'pw-secret-9' });
    expect(secret).toMatchObject({ isError: false, message: 'Payment password set.' });
    expect(JSON.stringify(secret)).not.toContain('pw-secret-9');
    expect(fields('w1')['Payment password']).toBe(SENSITIVE_MASK);
    expect(bridge.snapshotJson()).not.toContain('pw-secret-9');
  });

  it('press reports the window it opened; press_keys Escape closes the dialog', async () => {
    await call('w1__set_field', { field: 'Recipient', value: 'Ada' });
    await call('w1__set_field', { field: 'Payment password', value: 'x1' });
    const pressed = await call('w1__press', { button: 'Submit' });
    expect(pressed).toMatchObject({ isError: false, openedWindowIds: ['w3'] });
    expect(pressed.message).toContain('Opened window w3');
    expect(bridge.snapshot().operableWindowIds).toEqual(['w2', 'w3']);
    const escaped = await call('w3__press_keys', { keys: ['Escape'] });
    expect(escaped).toMatchObject({ isError: false, message: 'Pressed Escape. The window closed.' });
  });

  it('an unknown button or option is validation_failed naming the parameter', async () => {
    expect(await call('w1__press', { button: 'Explode' })).toMatchObject({ isError: true, code: 'validation_failed', fields: [{ field: 'button' }] });
    expect(await call('w1__press_keys', { keys: ['ctrl shift s'] })).toMatchObject({ isError: true, code: 'validation_failed' });
  });

  it('load_rows reads rows past the preview through the probe, read-only', async () => {
    const result = await call('w2__load_rows', { table: 'Sales', offset: 1000, limit: 3 });
    expect(result).toMatchObject({ isError: false, result: { columns: ['Date', 'Region', 'Product', 'Units', 'Revenue'], offset: 1000, total: 50_000 } });
    expect((result.result as { rows: unknown[] }).rows).toEqual([1000, 1001, 1002].map((i) => reportRow(1, i).map(String)));
  });

  it('load_rows never answers an empty success for a row the state counted (the table changed under the read)', async () => {
    probe.readChildren = async () => [];
    const result = await call('w2__load_rows', { table: 'Sales', offset: 7344, limit: 1 });
    expect(result).toMatchObject({ isError: true, code: 'action_not_available' });
    expect(result.message).toContain('gave no row at 7344');
  });

  it('toggle and select wait until the window shows the change; wrong options are refused', async () => {
    const opened = await call('app__preferences');
    expect(opened.openedWindowIds).toEqual(['w3']);
    expect(await call('w3__toggle', { field: 'Confirm orders before submitting', on: true })).toMatchObject({
      message: 'Confirm orders before submitting is already on.',
    });
    expect(await call('w3__toggle', { field: 'Confirm orders before submitting', on: false })).toMatchObject({
      isError: false,
      message: 'Confirm orders before submitting is off.',
    });
    expect(fields('w3')['Confirm orders before submitting']).toBe(false);
    expect(await call('w3__select', { field: 'Currency', option: 'EUR' })).toMatchObject({ isError: false, message: 'Chose "EUR" in Currency.' });
    expect(fields('w3').Currency).toBe('EUR');
    expect(await call('w3__select', { field: 'Currency', option: 'GBP' })).toMatchObject({ isError: true, code: 'validation_failed' });
  });

  it('close on a window with typed input is destructive; focus waits for activation', async () => {
    const hint = (name: string) => bridge.tools().find((t) => t.name === name)?.annotations?.destructiveHint;
    expect(hint('w1__close')).toBe(true); // the order form holds an amount
    expect(hint('w2__close')).toBe(false); // a report loses nothing
    expect(await call('w2__focus')).toMatchObject({ isError: false, message: 'Window w2 is in front.' });
    expect(await call('w2__close')).toMatchObject({ isError: false, message: 'Window w2 closed.' });
  });
});
