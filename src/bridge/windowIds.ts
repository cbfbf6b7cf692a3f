/**
 * Public window ids: short, name-safe, never reused within a server process (D-3, P-ID-1).
 * One allocator per bridge, never module-global, so tests and servers stay independent.
 */
export class WindowIdAllocator {
  private next = 1;
  private readonly byNative = new Map<string, { winId: string; order: number }>();

  /** The id of a native window, allocating a new one the first time it is seen. */
  idFor(nativeId: string): { winId: string; order: number } {
    let entry = this.byNative.get(nativeId);
    if (!entry) {
      const order = this.next++;
      entry = { winId: `w${order}`, order };
      this.byNative.set(nativeId, entry);
    }
    return entry;
  }

  /** A closed window's native id may be recycled by the OS: forget it so it gets a fresh id. */
  retire(nativeId: string): void {
    this.byNative.delete(nativeId);
  }
}
