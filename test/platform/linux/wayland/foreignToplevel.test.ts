/**
 * The pure-JS Wayland client against a scripted compositor on a real unix socket: registry,
 * zwlr_foreign_toplevel_manager_v1 (title, app id, states, parent, done, closed; activate and
 * close requests) and ext_foreign_toplevel_list_v1 (which no compositor here offers live).
 */
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ForeignToplevels, readGlobals } from '../../../../src/platform/linux/wayland/foreignToplevel.js';
import { encodeString, encodeUint } from '../../../../src/platform/linux/wayland/wire.js';
import { array, fakeCompositor, message } from './fakeCompositor.js';

describe('foreign-toplevel lists over the Wayland wire', () => {
  const cleanups: Array<() => void> = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it('reads wlr toplevels with titles, app ids, states and parents, and sends activate/close', async () => {
    const requests: string[] = [];
    const fake = fakeCompositor(['wl_seat', 'zwlr_foreign_toplevel_manager_v1', 'zwp_virtual_keyboard_manager_v1'], (socket, request, bound) => {
      const manager = bound.get('zwlr_foreign_toplevel_manager_v1');
      if (request.object === 2 && manager !== undefined && !requests.includes('bound')) {
        requests.push('bound');
        const [main, dialog] = [0xff000000, 0xff000001];
        socket.write(
          Buffer.concat([
            message(manager, 0, encodeUint(main)),
            message(main, 0, encodeString('Notes - gedit')),
            message(main, 1, encodeString('gedit')),
            message(main, 4, array([2])),
            message(main, 5),
            message(manager, 0, encodeUint(dialog)),
            message(dialog, 0, encodeString('Save As')),
            message(dialog, 1, encodeString('gedit')),
            message(dialog, 7, encodeUint(main)),
            message(dialog, 4, array([])),
            message(dialog, 5),
          ]),
        );
      } else if (request.object >= 0xff000000) requests.push(`${request.object.toString(16)}:${request.opcode}`);
    });
    cleanups.push(
      () => fake.server.close(),
      () => rmSync(fake.dir, { recursive: true, force: true }),
    );
    expect(await readGlobals(fake.path)).toEqual(['wl_seat', 'zwlr_foreign_toplevel_manager_v1', 'zwp_virtual_keyboard_manager_v1']);
    const list = (await ForeignToplevels.open(fake.path))!;
    cleanups.push(() => list.stop());
    expect(list.protocol).toBe('zwlr_foreign_toplevel_manager_v1');
    expect(list.list().map(({ handle, title, appId, activated, parent }) => ({ handle, title, appId, activated, parent }))).toEqual([
      { handle: 0xff000000, title: 'Notes - gedit', appId: 'gedit', activated: true, parent: null },
      { handle: 0xff000001, title: 'Save As', appId: 'gedit', activated: false, parent: 0xff000000 },
    ]);
    await list.activate(0xff000001);
    await list.close(0xff000000);
    expect(requests.filter((r) => r !== 'bound')).toEqual(['ff000001:4', 'ff000000:5']);
  });

  it('reads ext_foreign_toplevel_list_v1 (read-only: activation is refused with a clear error)', async () => {
    let sent = false;
    const fake = fakeCompositor(['ext_foreign_toplevel_list_v1'], (socket, _request, bound) => {
      const manager = bound.get('ext_foreign_toplevel_list_v1');
      if (manager === undefined || sent) return;
      sent = true;
      const handle = 0xff000000;
      socket.write(
        Buffer.concat([
          message(manager, 0, encodeUint(handle)),
          message(handle, 2, encodeString('Calculator')),
          message(handle, 3, encodeString('org.gnome.Calculator')),
          message(handle, 4, encodeString('id-1')),
          message(handle, 1),
        ]),
      );
    });
    cleanups.push(
      () => fake.server.close(),
      () => rmSync(fake.dir, { recursive: true, force: true }),
    );
    const list = (await ForeignToplevels.open(fake.path))!;
    cleanups.push(() => list.stop());
    expect(list.protocol).toBe('ext_foreign_toplevel_list_v1');
    expect(list.list().map((t) => [t.title, t.appId])).toEqual([['Calculator', 'org.gnome.Calculator']]);
    await expect(list.activate(0xff000000)).rejects.toThrow(/cannot activate/);
  });

  it('is null when the compositor publishes no window list (GNOME)', async () => {
    const fake = fakeCompositor(['wl_seat', 'wl_compositor'], () => undefined);
    cleanups.push(
      () => fake.server.close(),
      () => rmSync(fake.dir, { recursive: true, force: true }),
    );
    expect(await ForeignToplevels.open(fake.path)).toBeNull();
  });
});
