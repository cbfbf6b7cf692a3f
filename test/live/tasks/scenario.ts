/**
 * Agent tasks on a live desktop, shared by the vitest suite (test/live/tasks/*.test.ts) and the
 * benchmark (bench/tasks.ts): each scenario gets a fresh desktop, bridge and scripted agent.
 */
import { Bridge } from '../../../src/bridge/bridge.js';
import { openDesktop, type DesktopHandle } from '../../../src/platform/linux/desktop/index.js';
import { LinuxProbe } from '../../../src/platform/linux/probe.js';
import { SessionHub } from '../../../src/server/hub.js';
import { createLogger } from '../../../src/util/logger.js';
import { registry } from '../../../translators/index.js';
import { connectMemoryClient } from '../../helpers/demoServer.js';
import { ScriptedAgent, type AgentMetrics } from './agent.js';

export interface TaskContext {
  desktop: DesktopHandle;
  agent: ScriptedAgent;
  bridge: Bridge;
  /** A private scratch folder for files the task writes. */
  scratch: string;
}

export interface TaskScenario {
  name: string;
  /** Apps started with the desktop (more may be launched in `run`). */
  apps: string[];
  /** Performs the task as an agent would; throws when the task fails. */
  run(ctx: TaskContext): Promise<void>;
}

export interface TaskRun {
  metrics: AgentMetrics;
  logs: string[];
}

export async function runScenario(scenario: TaskScenario): Promise<TaskRun> {
  const logs: string[] = [];
  const log = createLogger({ level: 'debug', write: (line) => logs.push(line) });
  const desktop = await openDesktop({ apps: scenario.apps });
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const scratch = mkdtempSync(join(tmpdir(), 'gui-bridge-task-'));
  let bridge: Bridge | undefined;
  let hub: SessionHub | undefined;
  try {
    const probe = await LinuxProbe.open({ env: desktop.env });
    bridge = await Bridge.start({ probe, registry, log, appToolNaming: 'per-app' });
    hub = new SessionHub(bridge, log);
    const client = await connectMemoryClient(hub);
    const agent = new ScriptedAgent(client);
    await scenario.run({ desktop, agent, bridge, scratch });
    const metrics = agent.metrics();
    await client.close();
    return { metrics, logs };
  } finally {
    hub?.close();
    await bridge?.close().catch(() => undefined);
    await desktop.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}
