/** P-OPER-1/2/3, §10.2, D-4: operability on examples and over random window forests. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { computeOperability, type TopologyWindow } from '../../src/protocol/operability.js';

let order = 0;
function win(id: string, modal = false, ownerId: string | null = null, appKey = 'app'): TopologyWindow {
  return { id, modal, ownerId, appKey, order: ++order };
}

describe('operability examples', () => {
  test('the seed example: A, B → D1 → D2, C ⇒ {A, D2, C}', () => {
    const windows = [win('A'), win('B'), win('C'), win('D1', true, 'B'), win('D2', true, 'D1')];
    expect(computeOperability(windows).operableWindowIds).toEqual(['A', 'C', 'D2']);
  });

  test('an application-level modal collapses to its chain top', () => {
    const windows = [win('A'), win('B'), win('P', true, null), win('P1', true, 'P')];
    expect(computeOperability(windows).operableWindowIds).toEqual(['P1']);
  });

  test('nested application-level modals: the newest one wins', () => {
    const windows = [win('A'), win('P', true, null), win('Q', true, null)];
    expect(computeOperability(windows).operableWindowIds).toEqual(['Q']);
  });

  test('empty is legal (§12.5)', () => {
    expect(computeOperability([]).operableWindowIds).toEqual([]);
  });

  test('D-4: an application-level modal collapses only its own application', () => {
    const windows = [win('A', false, null, 'one'), win('P', true, null, 'one'), win('X', false, null, 'two')];
    const result = computeOperability(windows);
    expect(result.operableWindowIds).toEqual(['P', 'X']);
    expect([...result.collapsedAppKeys]).toEqual(['one']);
  });

  test('a modal of another application blocks its owner (zenity --attach)', () => {
    const windows = [win('calc', false, null, 'calculator'), win('question', true, 'calc', 'zenity')];
    expect(computeOperability(windows).operableWindowIds).toEqual(['question']);
  });

  test('ownership cycles (broken platform data) do not hang', () => {
    const windows = [win('P', true, null), win('X', true, 'Y'), win('Y', true, 'X')];
    expect(computeOperability(windows).operableWindowIds).toEqual(['P']);
  });
});

/** Random forests per app: non-modal roots, app-level modals, chains of window-level modals. */
const forest = fc
  .array(fc.record({ app: fc.integer({ min: 0, max: 2 }), kind: fc.constantFrom('normal', 'appModal', 'modal'), pick: fc.nat() }), { maxLength: 25 })
  .map((specs) => {
    const windows: TopologyWindow[] = [];
    specs.forEach((s, i) => {
      const appKey = `app${s.app}`;
      const sameApp = windows.filter((w) => w.appKey === appKey);
      const owner = s.kind === 'modal' && sameApp.length > 0 ? (sameApp[s.pick % sameApp.length] as TopologyWindow).id : null;
      windows.push({ id: `w${i + 1}`, appKey, modal: s.kind !== 'normal', ownerId: owner, order: i + 1 });
    });
    return windows;
  });

/** Reference from the seed's definition: tops of chains from the roots that are not blocked. */
function reference(windows: TopologyWindow[]): string[] {
  const modalChildren = (id: string) => windows.filter((w) => w.modal && w.ownerId === id);
  const tops = (w: TopologyWindow): TopologyWindow[] => {
    const children = modalChildren(w.id);
    return children.length === 0 ? [w] : children.flatMap(tops);
  };
  const result: TopologyWindow[] = [];
  for (const appKey of new Set(windows.map((w) => w.appKey))) {
    const mine = windows.filter((w) => w.appKey === appKey);
    const appModals = mine.filter((w) => w.modal && w.ownerId === null);
    const roots = appModals.length > 0 ? [appModals.reduce((a, b) => (b.order > a.order ? b : a))] : mine.filter((w) => w.ownerId === null);
    result.push(...roots.flatMap(tops));
  }
  return [...new Set(result)].sort((a, b) => a.order - b.order).map((w) => w.id);
}

describe('operability properties', () => {
  test('equals the seed definition on random forests with nested window- and application-level modals', () => {
    fc.assert(
      fc.property(forest, (windows) => {
        expect(computeOperability(windows).operableWindowIds).toEqual(reference(windows));
      }),
      { numRuns: 500 },
    );
  });

  test('invariants: a blocked window is never operable; every app with windows has an operable one', () => {
    fc.assert(
      fc.property(forest, (windows) => {
        const operable = new Set(computeOperability(windows).operableWindowIds);
        for (const w of windows) {
          if (windows.some((c) => c.modal && c.ownerId === w.id)) expect(operable.has(w.id)).toBe(false);
        }
        for (const appKey of new Set(windows.map((w) => w.appKey))) {
          expect(windows.some((w) => w.appKey === appKey && operable.has(w.id))).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
