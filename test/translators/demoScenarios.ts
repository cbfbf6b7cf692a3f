/**
 * The demo app's recorded scenarios (fixtures/demo-orders/*.json): each drives the built-in demo
 * app into a state and records it with the same `recordFixture` that `gui-bridge record` uses.
 * `demoFixtures.test.ts` re-records them and compares, so the fixtures never drift from the app.
 * Re-record on purpose: `npx tsx test/translators/demoScenarios.ts`.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDemoProbe, type DemoProbe } from '../../src/platform/demo/probe.js';
import type { OrderField } from '../../src/platform/demo/validation.js';
import { serializeFixture, type Fixture } from '../../src/platform/fixture/format.js';
import { recordFixture } from '../../src/platform/fixture/record.js';

export const DEMO_FIXTURE_DIR = 'fixtures/demo-orders';
const RECORDED_AT = new Date('2026-01-15T09:00:00.000Z');

type Drive = (probe: DemoProbe) => Promise<void>;

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const orderId = (probe: DemoProbe) => [...probe.app.windows.values()].find((w) => w.content.kind === 'order')?.id as string;

/** Fills the order form as a user would, then presses Submit. */
function submitOrder(probe: DemoProbe, values: Partial<Record<OrderField, string>>): void {
  const id = orderId(probe);
  for (const [field, value] of Object.entries(values)) probe.app.setOrderField(id, field as OrderField, value);
  probe.app.submit(id);
}

export const DEMO_SCENARIOS: Record<string, { note: string; drive: Drive }> = {
  start: { note: 'gui-bridge serve --demo at start: an empty Order Editor and a 50,000-row report', drive: async () => {} },
  'invalid-order': {
    note: 'Order Editor after Submit with a bad amount; a payment password was typed (masked)',
    drive: async (probe) => submitOrder(probe, { recipient: 'Ada Lovelace', amount: 'a lot', password: 'demo-secret-1234' }),
  },
  'confirm-order': {
    note: 'a valid order submitted: the window-level modal "Confirm order" is open',
    drive: async (probe) => submitOrder(probe, { recipient: 'Ada Lovelace', password: 'demo-secret-1234' }),
  },
  preferences: { note: 'the application-level modal Preferences is open', drive: async (probe) => probe.app.openPreferences() },
};

/** Records one scenario on a fresh demo app; pids are not stable across runs, so they are left out. */
export async function recordDemoScenario(name: string): Promise<Fixture> {
  const scenario = DEMO_SCENARIOS[name];
  if (!scenario) throw new Error(`unknown demo scenario ${name}`);
  const probe = await openDemoProbe({ effectDelayMs: 1, reports: name === 'start' ? 1 : 0 });
  try {
    await scenario.drive(probe);
    await settle();
    const { fixture } = await recordFixture(probe, { note: scenario.note, now: RECORDED_AT });
    return withoutPids(fixture);
  } finally {
    await probe.close();
  }
}

export function withoutPids(fixture: Fixture): Fixture {
  return {
    ...fixture,
    apps: fixture.apps.map((a) => ({ ...a, pid: null })),
    windows: fixture.windows.map((w) => ({ ...w, pid: null })),
  };
}

async function main(): Promise<void> {
  for (const name of Object.keys(DEMO_SCENARIOS)) {
    const path = join(DEMO_FIXTURE_DIR, `${name}.json`);
    await writeFile(path, serializeFixture(await recordDemoScenario(name)));
    process.stderr.write(`wrote ${path}\n`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
