/**
 * Applications that stopped answering (hung, stopped with SIGSTOP, stuck in a long task). Once
 * one leaves a call unanswered for the whole call timeout (5 s: a busy machine answers sooner)
 * it is "not responding": listings reuse what it said last, its windows show their last content
 * with a notice and calls into it fail fast, so that it slows nothing else.
 * One cheap call at a time keeps asking it; the first answer brings it back (`onChange`).
 */
import type { AtspiClient } from './client.js';
import { IFACE, ROOT_PATH } from './names.js';

interface Silent {
  since: number;
  label: string;
}

export class Responsiveness {
  private readonly silent = new Map<string, Silent>();
  private readonly watching = new Set<string>();
  private closed = false;

  constructor(
    private readonly client: AtspiClient,
    /** `responding` false when an application stops answering, true when it answers again. */
    private readonly onChange: (bus: string, responding: boolean) => void,
  ) {}

  isSilent(bus: string): boolean {
    return this.silent.has(bus);
  }

  /** "gedit is not responding (no answer for 12 s)". */
  describe(bus: string, label?: string): string {
    const entry = this.silent.get(bus);
    const seconds = entry ? Math.max(1, Math.round((Date.now() - entry.since) / 1000)) : 0;
    return `${label || entry?.label || 'The application'} is not responding (no answer for ${seconds} s)`;
  }

  /** `bus` missed a deadline: keep asking it, one call at a time, until it answers or goes away. */
  markSilent(bus: string, label = ''): void {
    if (this.closed) return;
    const known = this.silent.get(bus);
    this.silent.set(bus, { since: known?.since ?? Date.now(), label: label || known?.label || '' });
    if (!this.watching.has(bus)) void this.watch(bus);
    if (!known) this.onChange(bus, false);
  }

  /** Forget an application that left the bus. */
  forget(bus: string): void {
    this.silent.delete(bus);
  }

  close(): void {
    this.closed = true;
    this.silent.clear();
  }

  private async watch(bus: string): Promise<void> {
    this.watching.add(bus);
    try {
      while (!this.closed && this.silent.has(bus)) {
        const outcome = await this.client.call({ bus, path: ROOT_PATH }, IFACE.accessible, 'GetChildren').then(
          () => 'answered' as const,
          (error: unknown) => ((error as { code?: string }).code === 'timeout' ? ('silent' as const) : ('gone' as const)),
        );
        if (outcome === 'silent') continue; // the call's own timeout paced the loop
        const back = this.silent.delete(bus);
        if (back && outcome === 'answered') this.onChange(bus, true);
      }
    } finally {
      this.watching.delete(bus);
    }
  }
}
