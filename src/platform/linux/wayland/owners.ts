/**
 * Owners of dialogs on Wayland, where neither AT-SPI nor most compositors say which window a
 * dialog belongs to (X11 has WM_TRANSIENT_FOR). The rule, decided once when the dialog first
 * appears and then kept (docs/wayland.md, with its measured hit rate):
 *   1. the compositor's parent link (wlr foreign-toplevel v3 `parent`), when the dialog and its
 *      parent are both paired with accessibles;
 *   2. else the same application's window (a dialog too: Save As → "Replace?") that was used
 *      most recently before the dialog appeared — the one the bridge last acted in, or else
 *      the one the compositor last showed active (a dialog opens from the window in use);
 *   3. else the same application's only non-dialog window (or its oldest one), so that a modal always
 *      blocks something of its own application rather than nothing.
 * Geometry is no help: Wayland clients know no global coordinates (AT-SPI extents are (0,0)).
 * Pure: the history lives in `OwnerMemory`, fed by the window source.
 */

export interface OwnerCandidate {
  nativeId: string;
  appKey: string;
  dialog: boolean;
  active: boolean;
  /** The compositor's parent, already translated to a native id. */
  parentNativeId: string | null;
}

export type OwnerReason = 'compositor-parent' | 'last-active' | 'only-window' | 'none';

export class OwnerMemory {
  private tick = 0;
  private readonly lastActive = new Map<string, number>();
  private readonly firstSeen = new Map<string, number>();
  private readonly decided = new Map<string, { owner: string | null; reason: OwnerReason }>();
  /** The windows active in the last reading: activity counts when a window becomes active. */
  private activeBefore = new Set<string>();

  /** One reading of the windows: returns each window's owner (null for non-dialogs). */
  update(windows: OwnerCandidate[]): Map<string, { owner: string | null; reason: OwnerReason }> {
    this.tick += 1;
    const present = new Set(windows.map((w) => w.nativeId));
    for (const id of [...this.firstSeen.keys()]) if (!present.has(id)) this.forget(id);
    for (const w of windows) if (!this.firstSeen.has(w.nativeId)) this.firstSeen.set(w.nativeId, this.tick);
    const result = new Map<string, { owner: string | null; reason: OwnerReason }>();
    for (const w of windows) {
      if (!w.dialog) {
        result.set(w.nativeId, { owner: null, reason: 'none' });
        continue;
      }
      const known = this.decided.get(w.nativeId);
      const decision = known && known.owner !== null && present.has(known.owner) ? known : this.decide(w, windows);
      this.decided.set(w.nativeId, decision);
      result.set(w.nativeId, decision);
    }
    // Activity is recorded after deciding: the dialog that just appeared is active now, and the
    // window active before it is the one that opened it. Only a window that becomes active counts:
    // one that merely stays active (the focus left where it was while the bridge pressed a button in
    // another window) must not overtake that press in the readings before the dialog shows, which
    // are many on a busy machine.
    for (const w of windows) if (w.active && !this.activeBefore.has(w.nativeId)) this.lastActive.set(w.nativeId, this.tick);
    this.activeBefore = new Set(windows.filter((w) => w.active).map((w) => w.nativeId));
    return result;
  }

  private decide(dialog: OwnerCandidate, windows: OwnerCandidate[]): { owner: string | null; reason: OwnerReason } {
    if (dialog.parentNativeId && windows.some((w) => w.nativeId === dialog.parentNativeId))
      return { owner: dialog.parentNativeId, reason: 'compositor-parent' };
    // Dialogs may own dialogs (Save As → "Replace?"): any other window of the app that was
    // active strictly before this one appeared (so two new dialogs never own each other).
    const siblings = windows.filter((w) => w.appKey === dialog.appKey && w.nativeId !== dialog.nativeId);
    const appeared = this.firstSeen.get(dialog.nativeId) ?? this.tick;
    const recent = siblings
      .map((w) => ({ w, at: this.lastActive.get(w.nativeId) ?? -1 }))
      .filter((c) => c.at >= 0 && c.at < appeared)
      .sort((a, b) => b.at - a.at)[0];
    if (recent) return { owner: recent.w.nativeId, reason: 'last-active' };
    const oldest = siblings.filter((w) => !w.dialog).sort((a, b) => (this.firstSeen.get(a.nativeId) ?? 0) - (this.firstSeen.get(b.nativeId) ?? 0))[0];
    return oldest ? { owner: oldest.nativeId, reason: 'only-window' } : { owner: null, reason: 'none' };
  }

  /**
   * The bridge acted in this window (pressed, typed, focused): it counts as the most recent
   * activity, ahead of the focus seen in the same reading — an agent's press opens a dialog
   * from that window even when another one has the keyboard focus.
   */
  touch(nativeId: string): void {
    this.lastActive.set(nativeId, this.tick + 0.5);
  }

  private forget(id: string): void {
    this.activeBefore.delete(id);
    this.firstSeen.delete(id);
    this.lastActive.delete(id);
    this.decided.delete(id);
  }
}
