import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { correlateWindows, scorePair, type AtspiTopLevel } from '../../../src/platform/linux/correlate.js';
import type { X11Window } from '../../../src/platform/linux/x11/windows.js';

interface Recording {
  expected: Record<string, string>;
  windows: X11Window[];
  toplevels: AtspiTopLevel[];
}

// Recorded on a live desktop (see the fixture's description); expected pairs checked by hand.
const recording = JSON.parse(readFileSync(new URL('./fixtures/correlate-desktop.json', import.meta.url), 'utf8')) as Recording;
const { windows, toplevels, expected } = recording;

const byTitle = (title: string) => windows.filter((w) => w.title === title);
const refOf = (nativeId: string) => correlateWindows(windows, toplevels).matches.find((m) => m.nativeId === nativeId)?.ref;

describe('correlateWindows on a recorded desktop', () => {
  it('pairs every window with the hand-checked accessible and leaves nothing over', () => {
    const result = correlateWindows(windows, toplevels);
    expect(Object.fromEntries(result.matches.map((m) => [m.nativeId, m.ref]))).toEqual(expected);
    expect(result.unmatchedWindows).toEqual([]);
    expect(result.unmatchedAccessibles).toEqual([]);
  });

  it('tells apart two same-titled windows of one process by geometry', () => {
    const twins = byTitle('Twin');
    expect(twins).toHaveLength(2);
    expect(new Set(twins.map((w) => w.pid)).size).toBe(1);
    for (const twin of twins) expect(refOf(twin.nativeId)).toBe(expected[twin.nativeId]);
    expect(refOf(twins[0]!.nativeId)).not.toBe(refOf(twins[1]!.nativeId));
  });

  it('pairs a GTK3 message dialog whose accessible name ("Information") differs from its X title', () => {
    const [dialog] = byTitle('Twin dialog');
    const ref = refOf(dialog!.nativeId);
    expect(toplevels.find((t) => t.ref === ref)).toMatchObject({ role: 'alert', name: 'Information' });
  });

  it("maps a modal's owner in another process through to that process's accessible", () => {
    const [modal] = byTitle('Modal question');
    const [calculator] = byTitle('Calculator');
    expect(modal!.pid).not.toBe(calculator!.pid);
    expect(modal!.ownerNativeId).toBe(calculator!.nativeId);
    expect(modal!.modal).toBe(true);
    const ownerRef = refOf(modal!.ownerNativeId!);
    expect(toplevels.find((t) => t.ref === ownerRef)).toMatchObject({ role: 'frame', name: 'Calculator', pid: calculator!.pid });
  });

  it('pairs a GTK4 dialog that AT-SPI calls a frame (extents at 0,0, size within the CSD margin)', () => {
    const [about] = byTitle('About');
    expect(about!.windowType).toBe('dialog');
    const top = toplevels.find((t) => t.ref === refOf(about!.nativeId));
    expect(top).toMatchObject({ role: 'frame', name: 'About' });
    expect(top!.screenExtents).toMatchObject({ x: 0, y: 0 });
  });

  it('does not depend on the order of its inputs', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(windows, { minLength: windows.length }), fc.shuffledSubarray(toplevels, { minLength: toplevels.length }), (ws, ts) => {
        const pairs = Object.fromEntries(correlateWindows(ws, ts).matches.map((m) => [m.nativeId, m.ref]));
        expect(pairs).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});

describe('scorePair', () => {
  const [gedit] = byTitle('Untitled Document 1 - gedit');
  const geditTop = toplevels.find((t) => t.ref === expected[gedit!.nativeId])!;

  it('never pairs across processes or with a window of unknown pid', () => {
    expect(scorePair({ ...geditTop, pid: geditTop.pid + 1 }, gedit!)).toBeNull();
    expect(scorePair(geditTop, { ...gedit!, pid: null })).toBeNull();
  });

  it('adds 10 for the title, 3 for agreeing dialog-ness, 2 for agreeing modality, 5 + 3 for exact GTK3 geometry', () => {
    expect(scorePair(geditTop, gedit!)).toBe(10 + 3 + 2 + 5 + 3);
    expect(scorePair({ ...geditTop, name: 'other' }, gedit!)).toBe(3 + 2 + 5 + 3);
    expect(scorePair({ ...geditTop, name: 'other', screenExtents: null }, gedit!)).toBe(3 + 2);
    expect(scorePair({ ...geditTop, states: [...geditTop.states, 'modal'] }, gedit!)).toBe(10 + 3 - 2 + 5 + 3);
    expect(scorePair({ ...geditTop, role: 'dialog' }, gedit!)).toBe(10 - 3 + 2 + 5 + 3);
  });

  it('adds 2 when both sides say active, and accepts AT-SPI spaced names', () => {
    expect(scorePair({ ...geditTop, states: ['active'] }, { ...gedit!, active: true })).toBe(10 + 3 + 2 + 2 + 5 + 3);
    expect(scorePair({ ...geditTop, role: 'file chooser' }, { ...gedit!, windowType: 'dialog' })).toBe(10 + 3 + 2 + 5 + 3);
  });
});

describe('correlateWindows edge cases', () => {
  it('leaves a window without an accessible and an accessible without a window unmatched', () => {
    const [gedit] = byTitle('Untitled Document 1 - gedit');
    const stray: AtspiTopLevel = { ref: 'stray', pid: 4242, role: 'window', name: '', states: [], attributes: {}, screenExtents: null, windowExtents: null };
    const result = correlateWindows([gedit!], [stray]);
    expect(result.matches).toEqual([]);
    expect(result.unmatchedWindows).toEqual([gedit!.nativeId]);
    expect(result.unmatchedAccessibles).toEqual(['stray']);
  });

  it('refuses pairs whose evidence is against them (score not positive)', () => {
    const [dialog] = byTitle('Twin dialog');
    const plainFrame: AtspiTopLevel = {
      ref: 'frame',
      pid: dialog!.pid!,
      role: 'frame',
      name: 'Elsewhere',
      states: [],
      attributes: {},
      screenExtents: null,
      windowExtents: null,
    };
    expect(scorePair(plainFrame, dialog!)).toBe(-3 - 2);
    expect(correlateWindows([dialog!], [plainFrame]).matches).toEqual([]);
  });
});
