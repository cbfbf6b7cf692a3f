/**
 * P-SENS-1: a typed password never appears in any byte the server sends, in its logs, or in a
 * recorded fixture. Checked on the demo app (typed through tools) and on the zenity password
 * dialog recorded from a real desktop (typed with XTEST before `gui-bridge record`). The live
 * version — a running zenity served by the Linux probe — is test/live/zenityPassword.test.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Bridge } from '../../src/bridge/bridge.js';
import { openDemoProbe } from '../../src/platform/demo/probe.js';
import { serializeFixture } from '../../src/platform/fixture/format.js';
import { readFixtureFile } from '../../src/platform/fixture/files.js';
import { openFixtureProbe } from '../../src/platform/fixture/probe.js';
import { recordFixture } from '../../src/platform/fixture/record.js';
import type { Probe } from '../../src/platform/probe.js';
import { SessionHub } from '../../src/server/hub.js';
import { createLogger } from '../../src/util/logger.js';
import type { TranslatorRegistry } from '../../src/translate/registry.js';
import { genericTranslator } from '../../translators/generic/index.js';
import { registry } from '../../translators/index.js';
import { connectMemoryClient, type TestClient } from '../helpers/demoServer.js';

/** Secrets typed while the committed fixtures were recorded. */
const TYPED_IN_FIXTURES = ['Tr0ub4dor-h4-secret', 'demo-secret-1234'];

function allFixtureFiles(dir = 'fixtures'): string[] {
  return readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? allFixtureFiles(join(dir, f)) : [join(dir, f)]));
}

interface Served {
  client: TestClient;
  logs: string[];
  bridge: Bridge;
  close(): Promise<void>;
}

async function serve(probe: Probe, chosen: TranslatorRegistry): Promise<Served> {
  const logs: string[] = [];
  const log = createLogger({ level: 'debug', write: (line) => logs.push(line) });
  const bridge = await Bridge.start({ probe, registry: chosen, log });
  const hub = new SessionHub(bridge, log);
  const client = await connectMemoryClient(hub);
  return {
    client,
    logs,
    bridge,
    close: async () => {
      await client.close();
      hub.close();
      await bridge.close();
    },
  };
}

/** Reads everything a client can read, so every byte the server would send is produced. */
async function readAll(client: TestClient): Promise<void> {
  await client.snapshot();
  await client.client.listTools();
}

describe('typed passwords never leave the process', () => {
  it('no committed fixture holds a secret typed while recording', () => {
    const files = [...allFixtureFiles(), ...allFixtureFiles('test/translators/reference')];
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const bytes = readFileSync(file, 'utf8');
      for (const secret of TYPED_IN_FIXTURES) expect(bytes.includes(secret), `${secret} in ${file}`).toBe(false);
    }
  });

  it('zenity --password recorded from a real desktop: served, listed and acted on without the secret', async () => {
    const served = await serve(await openFixtureProbe({ fixture: await readFixtureFile('fixtures/zenity/password.json') }), registry);
    try {
      await readAll(served.client);
      await served.client.call('w1__set_field', { field: 'Password', value: 'Tr0ub4dor-h4-secret' });
      const output = served.client.recorder.bytes.join('\n');
      expect(JSON.stringify(await served.client.snapshot())).toContain('"label":"Password","value":"••••••","sensitive":true');
      for (const text of [output, served.logs.join('\n')]) expect(text).not.toContain('Tr0ub4dor-h4-secret');
    } finally {
      await served.close();
    }
  });

  for (const [name, chosen] of Object.entries({ registry, generic: { translators: [], fallback: genericTranslator } })) {
    it(`demo app with the ${name} translator(s): typed through tools, then recorded`, async () => {
      const secret = 'pw-Zq81-never-shown';
      const probe = await openDemoProbe({ effectDelayMs: 2 });
      const served = await serve(probe, chosen as TranslatorRegistry);
      try {
        await served.client.call('w1__edit_field', { field: 'payment_password', value: secret });
        await served.client.call('w1__set_field', { field: 'Payment password', value: secret });
        await served.client.call('w1__set_field', { field: 'Nope', value: secret }); // rejected: must not echo
        await readAll(served.client);
        const fixture = serializeFixture((await recordFixture(probe)).fixture);
        expect(served.client.recorder.bytes.length).toBeGreaterThan(3);
        for (const text of [served.client.recorder.bytes.join('\n'), served.logs.join('\n'), fixture]) expect(text).not.toContain(secret);
        expect(probe.app.windows.get('demo-1')?.content).toMatchObject({ password: secret }); // it did reach the app
      } finally {
        await served.close();
      }
    });
  }
});
