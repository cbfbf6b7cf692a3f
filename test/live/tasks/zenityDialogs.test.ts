/**
 * The zenity translator on real dialogs, through a real MCP client: every kind it maps (message,
 * entry, password, list, radio list, form), what zenity prints for each action, and the errors
 * its actions return. Passwords never reach the client or the logs (P-SENS-1). On both sessions
 *: X11 and Wayland.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { structured } from '../../helpers/demoServer.js';
import { useSessionBridge } from '../helpers/sessionBridge.js';
import { liveSessions } from '../helpers/waylandStack.js';

const SECRET = 'Qz-dialog-secret-8812';

for (const { session, skip } of liveSessions(['zenity']))
  describe.skipIf(skip)(`zenity translator on real dialogs (${session})`, () => {
    const live = useSessionBridge(session, []);
    // The apps printed no critical or warning during the test (../helpers/appLogs.ts).
    afterEach(() => expectAppsQuiet(live.desktop));

    /** Launches zenity, waits for its window, and returns its id with the process. */
    async function open(title: string, args: string[]) {
      const app = await live.desktop.launch('zenity', [`--title=${title}`, ...args], { captureStdout: true });
      const window = await live.windowTitled(new RegExp(`^${title}$`));
      return { app, window, call: (action: string, input: Record<string, unknown> = {}) => live.client.call(`${window.id}__${action}`, input) };
    }

    it('answers a question with an extra button: zenity prints its label', async () => {
      const { app, window, call } = await open('Overwrite', [
        '--question',
        '--text=Replace the file?',
        '--ok-label=Replace',
        '--cancel-label=Keep',
        '--extra-button=Skip',
      ]);
      expect(window.summary).toBe('"Overwrite" asks: Replace the file? (buttons: "Skip", "Keep", "Replace")');
      expect(window.blocks).toEqual([{ type: 'text', id: 'question', text: 'Replace the file?' }]);
      expect(structured(await call('answer', { choice: 'Skip' }))).toMatchObject({ result: { choice: 'Skip' } });
      expect(await app.exited).toBe(1);
      expect(app.stdout()).toBe('Skip\n');
    });

    it('shows a warning as a warn notice and closes it with answer', async () => {
      const { app, window, call } = await open('Careful', ['--warning', '--text=Disk almost full.']);
      expect(window.blocks).toEqual([{ type: 'notice', id: 'message', severity: 'warn', text: 'Disk almost full.' }]);
      expect((await call('answer', { choice: 'OK' })).isError).toBeFalsy();
      expect(await app.exited).toBe(0);
    });

    it('submits an entry: zenity prints the text', async () => {
      const { app, call } = await open('Add contact', ['--entry', '--text=Name of the new contact:']);
      expect((await call('submit', { value: 'Grace Hopper' })).isError).toBeFalsy();
      expect(await app.exited).toBe(0);
      expect(app.stdout()).toBe('Grace Hopper\n');
    });

    it('submits a user name and password without ever showing the password', async () => {
      const { app, window, call } = await open('Unlock keyring', ['--password', '--username']);
      expect(window.blocks).toContainEqual({
        type: 'fields',
        id: 'fields',
        items: [
          { label: 'Username', value: '' },
          { label: 'Password', value: '', sensitive: true },
        ],
      });
      const outcome = await call('submit', { username: 'ada', value: SECRET });
      expect(outcome.isError).toBeFalsy();
      expect(await app.exited).toBe(0);
      expect(app.stdout()).toBe(`ada|${SECRET}\n`);
      expect(live.client.recorder.bytes.length).toBeGreaterThan(0);
      for (const text of [live.client.recorder.bytes.join('\n'), live.logs()]) expect(text).not.toContain(SECRET);
    });

    it('chooses a row of a radio list by ticking it', async () => {
      const { app, window, call } = await open('Pick size', [
        '--list',
        '--radiolist',
        '--column=Pick',
        '--column=Size',
        'TRUE',
        'Small',
        'FALSE',
        'Medium',
        'FALSE',
        'Large',
      ]);
      expect(window.summary).toBe('"Pick size" asks to choose one of 3 rows (Pick, Size): Select items from the list below.');
      expect(structured(await call('choose', { row: 2, value: 'Large' }))).toMatchObject({ result: { row: 2, cells: [false, 'Large'] } });
      expect(await app.exited).toBe(0);
      expect(app.stdout()).toBe('Large\n');
    });

    it('refuses a row out of range or showing another value, and cancels', async () => {
      const { app, call } = await open('Fruit', ['--list', '--column=Name', 'Apple', 'Banana']);
      expect(structured(await call('choose', { row: 2 }))).toMatchObject({
        code: 'validation_failed',
        fields: [{ field: 'row', error: 'out of range: 0 to 1' }],
      });
      expect(structured(await call('choose', { row: 1, value: 'Apple' }))).toMatchObject({
        code: 'validation_failed',
        fields: [{ field: 'value', error: 'row 1 shows "Banana"' }],
      });
      expect((await call('cancel')).isError).toBeFalsy();
      expect(await app.exited).toBe(1);
      expect(app.stdout()).toBe('');
    });

    it('sends a form with an optional field left empty, and names unknown fields and options', async () => {
      const { app, call } = await open('Survey', ['--forms', '--add-entry=Name', '--add-entry=Comment', '--add-combo=Rating', '--combo-values=Good|Bad']);
      expect(structured(await call('submit', { fields: { Nmae: 'x' } }))).toMatchObject({
        code: 'validation_failed',
        fields: [{ field: 'fields.Nmae', error: 'not a field of this form' }],
      });
      expect(structured(await call('submit', { fields: { Rating: 'Great' } }))).toMatchObject({
        code: 'validation_failed',
        fields: [{ field: 'fields.Rating' }],
      });
      const missing = structured(await call('submit', { fields: { Name: 'Ada' } }));
      expect(missing).toMatchObject({ code: 'validation_failed', fields: [{ field: 'fields.Comment' }, { field: 'fields.Rating' }] });
      expect((await call('submit', { fields: { Rating: 'Good' }, optional: ['Comment'] })).isError).toBeFalsy();
      expect(await app.exited).toBe(0);
      expect(app.stdout()).toBe('Ada||Good\n');
    });
  });
