/**
 * Acceptance (P-SENS-1): a password typed into a real `zenity --password` field never
 * appears in any byte of server output, in the server's logs, or in a fixture recorded from the
 * window. The password is typed with XTEST, as a user would; an agent then reads everything,
 * lists the tools and sets the field itself, and the window is recorded.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Bridge } from '../../src/bridge/bridge.js';
import { serializeFixture } from '../../src/platform/fixture/format.js';
import { recordFixture } from '../../src/platform/fixture/record.js';
import { XTestInput } from '../../src/platform/linux/input/index.js';
import { openLinuxProbe } from '../../src/platform/linux/probe.js';
import { activateWindow, listWindows, X11Connection } from '../../src/platform/linux/x11/index.js';
import { SENSITIVE_MASK, type AppInfo } from '../../src/platform/probe.js';
import { SessionHub } from '../../src/server/hub.js';
import { createLogger } from '../../src/util/logger.js';
import { registry } from '../../translators/index.js';
import { connectMemoryClient, type TestClient } from '../helpers/demoServer.js';
import { displayStack, useDesktop, waitFor } from './helpers/desktop.js';

const TYPED = 'Zq-typed-9183!';
const SENT = 'Zq-sent-5521?';
const stack = displayStack(['zenity']);

describe.skipIf(stack.skip)('a password typed into a real zenity --password dialog', () => {
  const live = useDesktop();
  const closers: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  });

  it('never appears in server output, logs or a recorded fixture', async () => {
    const zenity = await live.desktop.launch('zenity', ['--password', '--username', '--title', 'Unlock keyring']);
    closers.push(() => zenity.kill());
    const conn = await X11Connection.open(live.desktop.display);
    closers.push(() => conn.close());
    const input = await XTestInput.open(conn);
    closers.push(() => input.close());
    const window = await waitFor(async () => (await listWindows(conn)).find((w) => w.title === 'Unlock keyring'), 20_000);
    await activateWindow(conn, window.xid);
    await input.typeText('ada');
    await input.pressKeys(['Tab']);
    await input.typeText(TYPED);

    const logs: string[] = [];
    const log = createLogger({ level: 'debug', write: (line) => logs.push(line) });
    const probe = await openLinuxProbe({ env: live.desktop.env });
    const inScope = (app: AppInfo) => app.pid === zenity.pid;
    const bridge = await Bridge.start({ probe, registry, log, inScope });
    closers.push(() => bridge.close());
    const hub = new SessionHub(bridge, log);
    closers.push(async () => hub.close());
    const client: TestClient = await connectMemoryClient(hub);
    closers.push(() => client.close());

    // The typed password shows as filled in (masked): it really reached the field.
    const fields = await waitFor(async () => {
      const items = (await client.snapshot()).windows.flatMap((w) => w.blocks).flatMap((b) => (b.type === 'fields' ? b.items : []));
      return items.find((i) => i.label === 'Password')?.value === SENSITIVE_MASK && items.find((i) => i.label === 'Username')?.value === 'ada' ? items : null;
    }, 15_000);
    expect(fields).toContainEqual({ label: 'Password', value: SENSITIVE_MASK, sensitive: true });

    const winId = (await client.snapshot()).operableWindowIds[0] as string;
    await client.client.listTools();
    const set = await client.call(`${winId}__set_field`, { field: 'Password', value: SENT });
    expect(set.isError).toBeFalsy();
    await client.snapshot();
    const fixture = serializeFixture((await recordFixture(probe, { inScope })).fixture);

    expect(fixture).toContain(`"value": "${SENSITIVE_MASK}"`);
    for (const [what, text] of Object.entries({ output: client.recorder.bytes.join('\n'), logs: logs.join('\n'), fixture })) {
      for (const secret of [TYPED, SENT]) expect(text.includes(secret), `${secret} in ${what}`).toBe(false);
    }
  });
});
