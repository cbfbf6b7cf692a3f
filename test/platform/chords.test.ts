/**
 * One key-chord grammar. The press_keys tools, XTEST, wtype and nut-js all read chords
 * through platform/chords.ts, so "cmd+s" and "option+a" mean the same everywhere.
 */
import { describe, expect, it } from 'vitest';
import { Bridge } from '../../src/bridge/bridge.js';
import { ChordError, parseChord, parseChords } from '../../src/platform/chords.js';
import { DemoProbe } from '../../src/platform/demo/probe.js';
import { parseChord as xChord } from '../../src/platform/linux/input/chord.js';
import { chordArguments } from '../../src/platform/linux/wayland/keyboard.js';
import { keyIndex, parseChord as nutChord } from '../../src/platform/shared-desktop/keys.js';
import { silentLogger } from '../../src/util/logger.js';
import { genericTranslator } from '../../translators/generic/index.js';
import { fakeNut } from './shared-desktop/fakes.js';
import { structured } from '../helpers/demoServer.js';

describe('the chord grammar', () => {
  it('reads modifiers (macOS names too), then one key', () => {
    expect(parseChord('ctrl+shift+s')).toEqual({ text: 'ctrl+shift+s', modifiers: ['ctrl', 'shift'], key: 's' });
    expect(parseChord('cmd+s').modifiers).toEqual(['super']);
    expect(parseChord('Command+Option+Escape')).toMatchObject({ modifiers: ['super', 'alt'], key: 'Escape' });
    expect(parseChord('opt+a').modifiers).toEqual(['alt']);
    for (const logo of ['super', 'win', 'meta', 'cmd', 'command']) expect(parseChord(`${logo}+a`).modifiers).toEqual(['super']);
    expect(parseChord('ctrl+control+a').modifiers).toEqual(['ctrl']);
  });

  it('resolves key aliases to X11 spellings and keeps "+" as a key', () => {
    expect(parseChord('esc').key).toBe('Escape');
    expect(parseChord('enter').key).toBe('Return');
    expect(parseChord('PgDn').key).toBe('Page_Down');
    expect(parseChord('page_up').key).toBe('Page_Up');
    expect(parseChord('ctrl++')).toMatchObject({ modifiers: ['ctrl'], key: '+' });
    expect(parseChord('+').key).toBe('+');
    expect(parseChord(' alt + F4 ')).toMatchObject({ modifiers: ['alt'], key: 'F4' });
    expect(parseChord('shift').key).toBe('Shift_L');
  });

  it('refuses what is not a chord, with invalid_key', () => {
    for (const bad of ['', '  ', 'ctrl+', 'ctrl++a', 'a+b', 'ctrl shift s', 'ctrl+F 4']) {
      expect(() => parseChord(bad), bad).toThrow(ChordError);
    }
    expect(() => parseChord('a+b')).toThrow(/"a" is not a modifier/);
    expect(() => parseChords([])).toThrow(/no keys/);
    expect(() => parseChords(['Return', 'frob+a'])).toThrow(/"frob"/);
  });

  it('is the grammar of every keyboard: XTEST, wtype and nut-js read cmd and option alike', () => {
    expect(xChord('cmd+option+a')).toEqual({ text: 'cmd+option+a', modifiers: [0xffeb, 0xffe9], key: 0x61 });
    expect(xChord('meta+a').modifiers).toEqual(xChord('super+a').modifiers);
    expect(chordArguments(['cmd+option+a'])).toEqual(['-M', 'logo', '-M', 'alt', '-k', '0x61', '-m', 'alt', '-m', 'logo']);
    expect(nutChord('cmd+option+a', keyIndex(fakeNut().Key)).keys).toEqual(['LeftCmd', 'LeftAlt', 'A']);
    expect(() => xChord('a+b')).toThrow(/not a modifier/);
    expect(() => nutChord('a+b', keyIndex(fakeNut().Key))).toThrow(/not a modifier/);
  });
});

describe('press_keys input', () => {
  it('accepts macOS chords and refuses bad ones with validation_failed, through the bridge', async () => {
    const probe = new DemoProbe({ effectDelayMs: 5 });
    const bridge = await Bridge.start({ probe, registry: { translators: [], fallback: genericTranslator }, log: silentLogger });
    try {
      const call = async (args: Record<string, unknown>) => {
        const result = await bridge.callTool('w1__press_keys', args);
        return { isError: result.isError === true, ...structured(result) };
      };
      expect(await call({ keys: ['cmd+s', 'option+a', 'ctrl++'] })).toMatchObject({ isError: false });
      const bad = await call({ keys: ['Return', 'a+b'] });
      expect(bad).toMatchObject({ isError: true, code: 'validation_failed' });
      expect(JSON.stringify(bad)).toContain('not a modifier');
    } finally {
      await bridge.close();
    }
  });
});
