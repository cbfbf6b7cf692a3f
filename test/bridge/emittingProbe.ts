/** The demo probe with a change feed the test drives: `emit` announces a window's content changed. */
import { DemoProbe } from '../../src/platform/demo/probe.js';
import type { ProbeChange } from '../../src/platform/probe.js';

export class EmittingProbe extends DemoProbe {
  private readonly listeners = new Set<(change: ProbeChange) => void>();

  override subscribe(listener: (change: ProbeChange) => void): () => void {
    this.listeners.add(listener);
    const off = super.subscribe(listener);
    return () => (this.listeners.delete(listener), off());
  }

  /** `causes`: what announced the change, as a platform probe says it (ProbeChange). */
  emit(nativeId: string, causes?: string[]): void {
    for (const listener of this.listeners) listener({ kind: 'content', nativeIds: [nativeId], ...(causes ? { causes: { [nativeId]: causes } } : {}) });
  }
}
