/** Shared by the AT-SPI benchmarks: a private desktop with our AT-SPI access, and an application found by pid. */
import { AtspiAccess, type AtspiApplication } from '../src/platform/linux/atspi/index.js';
import { startDesktop, type Desktop } from '../src/platform/linux/desktop/index.js';

/** A new private desktop and our AT-SPI access to it, once its bus answers. */
export async function atspiDesktop(): Promise<{ desktop: Desktop; access: AtspiAccess }> {
  const desktop = await startDesktop();
  try {
    const access = await AtspiAccess.open({ env: desktop.env });
    await access.connection.whenHealthy(10_000);
    return { desktop, access };
  } catch (error) {
    await desktop.stop();
    throw error;
  }
}

/** The application with this pid, once it shows `topLevels` top-level accessibles (30 s at most). */
export async function appOf(access: AtspiAccess, pid: number, topLevels = 1): Promise<AtspiApplication> {
  for (let i = 0; i < 600; i++) {
    const app = (await access.listApplications()).find((a) => a.pid === pid && a.topLevels.length >= topLevels);
    if (app) return app;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`application ${pid} did not appear with ${topLevels} top-level(s)`);
}
