import { describe, expect, it } from 'vitest';
import { OwnerMemory, type OwnerCandidate } from '../../../../src/platform/linux/wayland/owners.js';

const win = (nativeId: string, extra: Partial<OwnerCandidate> = {}): OwnerCandidate => ({
  nativeId,
  appKey: ':1.1',
  dialog: false,
  active: false,
  parentNativeId: null,
  ...extra,
});

describe('Wayland owner inference (owners.ts)', () => {
  it('takes the compositor parent first', () => {
    const memory = new OwnerMemory();
    memory.update([win('a', { active: true }), win('b')]);
    const owners = memory.update([win('a', { active: true }), win('b'), win('d', { dialog: true, parentNativeId: 'b' })]);
    expect(owners.get('d')).toEqual({ owner: 'b', reason: 'compositor-parent' });
  });

  it('else the window of the same app active most recently before the dialog appeared', () => {
    const memory = new OwnerMemory();
    memory.update([win('a', { active: true }), win('b')]);
    memory.update([win('a'), win('b', { active: true })]);
    // The dialog is active now; the window active before it (b) opened it.
    const owners = memory.update([win('a'), win('b'), win('d', { dialog: true, active: true })]);
    expect(owners.get('d')).toEqual({ owner: 'b', reason: 'last-active' });
    expect(owners.get('a')).toEqual({ owner: null, reason: 'none' });
  });

  it('counts the window the bridge acted in ahead of the focused one', () => {
    const memory = new OwnerMemory();
    memory.update([win('a'), win('b', { active: true })]);
    memory.touch('a');
    const owners = memory.update([win('a'), win('b', { active: true }), win('d', { dialog: true })]);
    expect(owners.get('d')?.owner).toBe('a');
  });

  it('keeps the window the bridge acted in ahead while the focused one stays focused, however many readings come before the dialog', () => {
    const memory = new OwnerMemory();
    memory.update([win('a'), win('b', { active: true })]);
    memory.touch('a');
    // A busy machine: the dialog shows only some readings after the press.
    memory.update([win('a'), win('b', { active: true })]);
    memory.update([win('a'), win('b', { active: true })]);
    const owners = memory.update([win('a'), win('b', { active: true }), win('d', { dialog: true })]);
    expect(owners.get('d')?.owner).toBe('a');
  });

  it('a window that becomes active after the press is the one in use', () => {
    const memory = new OwnerMemory();
    memory.update([win('a', { active: true }), win('b')]);
    memory.touch('a');
    memory.update([win('a'), win('b', { active: true })]);
    expect(memory.update([win('a'), win('b', { active: true }), win('d', { dialog: true })]).get('d')?.owner).toBe('b');
  });

  it('lets a dialog own a dialog (Save As → Replace?) and keeps the decision while the owner lives', () => {
    const memory = new OwnerMemory();
    memory.update([win('editor', { active: true })]);
    memory.update([win('editor'), win('chooser', { dialog: true, active: true })]);
    const owners = memory.update([win('editor'), win('chooser', { dialog: true }), win('question', { dialog: true, active: true })]);
    expect(owners.get('chooser')?.owner).toBe('editor');
    expect(owners.get('question')?.owner).toBe('chooser');
    // Later activity elsewhere does not move an existing dialog.
    memory.touch('editor');
    expect(memory.update([win('editor', { active: true }), win('chooser', { dialog: true }), win('question', { dialog: true })]).get('question')?.owner).toBe(
      'chooser',
    );
  });

  it('falls back to the oldest non-dialog window of the app, never another app’s, and never to each other', () => {
    const memory = new OwnerMemory();
    const owners = memory.update([win('main'), win('second'), win('d1', { dialog: true }), win('d2', { dialog: true }), win('other', { appKey: ':1.9' })]);
    expect(owners.get('d1')).toEqual({ owner: 'main', reason: 'only-window' });
    expect(owners.get('d2')).toEqual({ owner: 'main', reason: 'only-window' });
    const lonely = new OwnerMemory().update([win('d', { dialog: true, appKey: ':1.5' }), win('x')]);
    expect(lonely.get('d')).toEqual({ owner: null, reason: 'none' });
  });

  it('forgets windows that are gone: a new window with an old id starts fresh', () => {
    const memory = new OwnerMemory();
    memory.update([win('a', { active: true }), win('b')]);
    memory.update([win('b')]);
    const owners = memory.update([win('a'), win('b'), win('d', { dialog: true })]);
    // The new "a" has no activity history (the old one's is gone) and is younger than "b".
    expect(owners.get('d')).toEqual({ owner: 'b', reason: 'only-window' });
  });
});
