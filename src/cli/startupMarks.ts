/**
 * Start-up milestones of `serve` (where spawn → first read goes): for each, the wall
 * time since the process started and the CPU time it had used by then (ms; CPU time is what a
 * busy machine does not inflate). Logged once at debug level; bench/startup.ts reads the line.
 */
export type Milestones = Record<string, { ms: number; cpuMs: number }>;

export class StartupMarks {
  private readonly marks: Milestones = {};

  mark(name: string): void {
    const { user, system } = process.cpuUsage();
    this.marks[name] = { ms: Math.round(performance.now()), cpuMs: Math.round((user + system) / 1000) };
  }

  all(): Milestones {
    return { ...this.marks };
  }
}
