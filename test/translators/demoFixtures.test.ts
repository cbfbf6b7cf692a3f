/** The demo fixtures are what the demo app shows today (re-record: npx tsx test/translators/demoScenarios.ts). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serializeFixture } from '../../src/platform/fixture/format.js';
import { DEMO_FIXTURE_DIR, DEMO_SCENARIOS, recordDemoScenario } from './demoScenarios.js';

describe('fixtures/demo-orders', () => {
  for (const name of Object.keys(DEMO_SCENARIOS)) {
    it(`${name}.json matches a fresh recording of the demo app`, async () => {
      const committed = readFileSync(join(DEMO_FIXTURE_DIR, `${name}.json`), 'utf8');
      expect(serializeFixture(await recordDemoScenario(name))).toBe(committed);
    });
  }
});
