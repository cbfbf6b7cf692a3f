/**
 * Acceptance: a password manager, through the tools a client sees only. KeePassXC (Qt 5) opens a
 * vault made by keepassxc-cli; the agent types the master password into the masked field, presses
 * Unlock, New Entry…, sets the entry's title and user name, presses OK and saves. The truth is the
 * vault file, read by keepassxc-cli (password on standard input). The master password never
 * appears in clear in anything the agent received (reads, tool lists, results), in the bridge's
 * log nor in the desktop's logs (P-SENS-1), and Qt prints no warning meanwhile.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { desktopPaths } from '../../../src/platform/linux/desktop/state.js';
import type { ProtocolWindow } from '../../../src/protocol/schemas.js';
import { KNOWN } from '../corpus/documents.js';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import { launchQtApp } from './qtAppLaunch.js';
import { fieldsOf, windowShowing } from './qtTaskSteps.js';
import { RecordingAgent } from './recordingAgent.js';
import { runScenario } from './scenario.js';
import { expectTool } from './scenarios/checks.js';

// Off CI without the app or the display stack this skips; CI installs them and never skips.
const stack = displayStack(['keepassxc', 'keepassxc-cli']);

const LOCKED = /^vault\.kdbx \[Locked\] - KeePassXC$/;
const OPEN = /^vault\.kdbx\*? - KeePassXC$/;
const ENTRY = { title: 'Mail account', user: 'ada@example.org' };

/** keepassxc-cli on the vault, the master password through standard input (never an argument). */
function vaultCli(vault: string, ...args: string[]): string {
  return execFileSync('keepassxc-cli', [args[0] as string, '-q', vault, ...args.slice(1)], { input: `${KNOWN.vaultPassword}\n`, encoding: 'utf8' });
}

const buttonsOf = async (agent: RecordingAgent, w: ProtocolWindow) =>
  JSON.stringify((await agent.tools()).find((t) => t.name === `${w.id}__press`)?.inputSchema ?? {});

describe.skipIf(stack.skip)('agent task: add an entry to a password vault', () => {
  it('KeePassXC: unlock with the masked field, New Entry…, title and user name, OK, saved in the vault', async () => {
    let shown = '';
    let seen = '';
    let desktopLogs = '';
    const run = await runScenario({
      name: 'keepassxc: new entry',
      apps: [],
      async run({ agent: plain, desktop, scratch }) {
        const agent = new RecordingAgent(plain.client);
        const vault = join(scratch, 'vault.kdbx');
        // The password and its confirmation through standard input, as documents.ts makes the corpus vault.
        execFileSync('keepassxc-cli', ['db-create', '-q', '-p', vault], {
          input: `${KNOWN.vaultPassword}\n${KNOWN.vaultPassword}\n`,
          stdio: ['pipe', 'ignore', 'ignore'],
        });
        await launchQtApp(desktop, scratch, 'keepassxc', [vault]);

        const locked = await windowShowing(agent, LOCKED, (w) => fieldsOf(w).some((f) => f.label === 'Password field'), 'its password field');
        const masked = fieldsOf(locked).find((f) => f.label === 'Password field');
        expect(masked).toMatchObject({ sensitive: true });
        await agent.must(expectTool(await agent.tools(), `${locked.id}__set_field`), { field: 'Password field', value: KNOWN.vaultPassword });
        await agent.must(expectTool(await agent.tools(), `${locked.id}__press`), { button: 'Unlock' });

        const open = await windowShowing(agent, OPEN, async (w) => (await buttonsOf(agent, w)).includes('"New Entry…"'), 'its New Entry… button');
        await agent.must(`${open.id}__press`, { button: 'New Entry…' });
        const editor = await windowShowing(agent, OPEN, (w) => fieldsOf(w).some((f) => f.label === 'Title'), "the entry editor's Title field");
        const setField = expectTool(await agent.tools(), `${editor.id}__set_field`);
        await agent.must(setField, { field: 'Title', value: ENTRY.title });
        await agent.must(setField, { field: 'Username field', value: ENTRY.user });
        await agent.must(expectTool(await agent.tools(), `${editor.id}__press`), { button: 'OK' });

        const listed = await windowShowing(
          agent,
          OPEN,
          (w) => w.blocks.some((b) => b.type === 'table' && b.rows.some((r) => r.includes(ENTRY.title) && r.includes(ENTRY.user))),
          'the new entry in its entry table',
        );
        // KeePassXC saves after every change by default (Save Database is then not offered); when
        // it has not, the agent saves through the menu.
        const menu = (await agent.tools()).find((t) => t.name === `${listed.id}__menu`);
        if (JSON.stringify(menu?.inputSchema ?? {}).includes('"Database > Save Database"'))
          await agent.must(`${listed.id}__menu`, { path: 'Database > Save Database' });
        await waitFor(() => vaultCli(vault, 'ls').split('\n').includes(ENTRY.title), 20_000);
        expectAppsQuiet(desktop);
        shown = vaultCli(vault, 'show', ENTRY.title);
        seen = agent.received();
        const logs = desktopPaths(desktop.state.dir).logs;
        desktopLogs = readdirSync(logs)
          .map((f) => readFileSync(join(logs, f), 'utf8'))
          .join('\n');
      },
    });
    expect(shown).toContain(`Title: ${ENTRY.title}`);
    expect(shown).toContain(`UserName: ${ENTRY.user}`);
    // What the agent received and what the bridge logged name the password field, never its text.
    expect(seen).toContain('Password field');
    expect(seen.includes(KNOWN.vaultPassword), 'the master password in what the agent received').toBe(false);
    expect(run.logs.join('\n').includes(KNOWN.vaultPassword), 'the master password in the bridge log').toBe(false);
    expect(desktopLogs.includes(KNOWN.vaultPassword), "the master password in the desktop's logs (apps, bus, window manager)").toBe(false);
  }, 300_000);
});
