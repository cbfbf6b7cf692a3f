/**
 * GNOME keys through org.gnome.Mutter.RemoteDesktop: the key events (keysyms; mutter adds Shift
 * itself), the session calls in order, refusal of what the layout lacks before anything is
 * pressed, and no keyboard (so no key tools) when the bus has no RemoteDesktop. The bus is a
 * fake recording calls; the live run against mutter is test/live/waylandGnome.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { DbusCall } from '../../../../src/platform/linux/atspi/dbusLink.js';
import { keysymEvents, RemoteDesktopKeyboard, type RemoteDesktopBus } from '../../../../src/platform/linux/wayland/remoteDesktop.js';
import { US_LAYOUT } from '../../../../src/platform/linux/wayland/virtualKeyboard.js';

const usLayout = (keysym: number) => US_LAYOUT.lookup(keysym) !== null;

class FakeBus implements RemoteDesktopBus {
  readonly calls: DbusCall[] = [];
  closed = false;
  constructor(private readonly hasRemoteDesktop: boolean) {}
  async call(call: DbusCall): Promise<unknown[]> {
    this.calls.push(call);
    if (call.member === 'NameHasOwner') return [this.hasRemoteDesktop];
    if (call.member === 'CreateSession') return ['/org/gnome/Mutter/RemoteDesktop/Session/u1'];
    return [];
  }
  close(): void {
    this.closed = true;
  }
  members(): string[] {
    return this.calls.map((c) => (c.body ? `${c.member}(${c.body.map(String).join(',')})` : c.member));
  }
}

describe('keysymEvents', () => {
  it('presses and releases each character by keysym (shifted punctuation too: mutter adds Shift), newline as Return', () => {
    expect(keysymEvents({ text: 'a!\n' })).toEqual([
      [0x61, true],
      [0x61, false],
      [0x21, true],
      [0x21, false],
      [0xff0d, true],
      [0xff0d, false],
    ]);
  });

  it('holds chord modifiers around the key and releases them in reverse', () => {
    expect(keysymEvents({ keys: ['ctrl+shift+s'] })).toEqual([
      [0xffe3, true],
      [0xffe1, true],
      [0x73, true],
      [0x73, false],
      [0xffe1, false],
      [0xffe3, false],
    ]);
  });

  it('refuses a character or key the layout lacks, and unknown names, before any event', () => {
    expect(() => keysymEvents({ text: 'ab café' }, usLayout)).toThrow(/"é" is not on the compositor's keyboard layout/);
    expect(() => keysymEvents({ keys: ['ctrl+€'] }, usLayout)).toThrow(/not on the compositor's keyboard layout/);
    expect(() => keysymEvents({ keys: ['Return', 'NoSuchKey'] })).toThrow(/unknown key name/);
    expect(keysymEvents({ text: 'é' })).toEqual([
      [0xe9, true],
      [0xe9, false],
    ]);
  });
});

describe('RemoteDesktopKeyboard', () => {
  it('starts a session (CreateSession, Start), sends NotifyKeyboardKeysym in order, stops on close', async () => {
    const bus = new FakeBus(true);
    const keyboard = await RemoteDesktopKeyboard.start(bus, usLayout);
    expect(keyboard).not.toBeNull();
    await keyboard?.send({ keys: ['ctrl+a'] });
    keyboard?.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(bus.members()).toEqual([
      'NameHasOwner(org.gnome.Mutter.RemoteDesktop)',
      'CreateSession',
      'Start',
      `NotifyKeyboardKeysym(${0xffe3},true)`,
      `NotifyKeyboardKeysym(${0x61},true)`,
      `NotifyKeyboardKeysym(${0x61},false)`,
      `NotifyKeyboardKeysym(${0xffe3},false)`,
      'Stop',
    ]);
    expect(
      bus.calls.filter((c) => c.member.startsWith('Notify')).every((c) => c.path === '/org/gnome/Mutter/RemoteDesktop/Session/u1' && c.signature === 'ub'),
    ).toBe(true);
    expect(bus.closed).toBe(true);
  });

  it('sends nothing when the text holds a character the layout lacks', async () => {
    const bus = new FakeBus(true);
    const keyboard = await RemoteDesktopKeyboard.start(bus, usLayout);
    await expect(keyboard?.send({ text: 'ab café' })).rejects.toMatchObject({ code: 'unsupported' });
    expect(bus.members().filter((m) => m.startsWith('Notify'))).toEqual([]);
  });

  it('is no keyboard (so no key tools) when the session bus has no org.gnome.Mutter.RemoteDesktop', async () => {
    const bus = new FakeBus(false);
    expect(await RemoteDesktopKeyboard.start(bus)).toBeNull();
    expect(bus.members()).toEqual(['NameHasOwner(org.gnome.Mutter.RemoteDesktop)']);
    expect(bus.closed).toBe(true);
    expect(await RemoteDesktopKeyboard.open(undefined)).toBeNull();
  });
});
