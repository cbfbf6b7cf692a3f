/**
 * Agent tasks on a live desktop, shared by the vitest suite (test/live/tasks/*.test.ts) and the
 * benchmark (bench/tasks.ts): each scenario gets a fresh desktop, bridge and scripted agent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bridge } from '../../../src/bridge/bridge.js';
import type { DesktopHandle } from '../../../src/platform/linux/desktop/index.js';
import { createLogger } from '../../../src/util/logger.js';
import { connectMemoryClient } from '../../helpers/demoServer.js';
import { openLiveStack } from '../helpers/liveStack.js';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { failureReport } from '../helpers/failureReport.js';
import { openWaylandBridge, shareWithDesktop } from '../helpers/waylandStack.js';
import { ScriptedAgent, type AgentMetrics } from './agent.js';

export interface TaskContext {
  desktop: DesktopHandle;
  agent: ScriptedAgent;
  /** The in-process bridge (X11 session only: on Wayland the bridge is a CLI child process). */
  bridge: Bridge | null;
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

/** The sessions a scenario runs on: X11 (Xvfb + openbox, bridge in-process) or Wayland (sway, CLI bridge). */
export type TaskSession = 'x11' | 'wayland';

export async function runScenario(scenario: TaskScenario, session: TaskSession = 'x11'): Promise<TaskRun> {
  if (session === 'wayland') return runOnWayland(scenario);
  const logs: string[] = [];
  const log = createLogger({ level: 'debug', write: (line) => logs.push(line) });
  const stack = await openLiveStack({ desktop: { apps: scenario.apps } }, log);
  const scratch = mkdtempSync(join(tmpdir(), 'gui-bridge-task-'));
  try {
    const client = await connectMemoryClient(stack.hub);
    const agent = new ScriptedAgent(client);
    await scenario.run({ desktop: stack.desktop, agent, bridge: stack.bridge, scratch });
    // Whatever the task checked, the apps it drove printed no critical or warning meanwhile.
    expectAppsQuiet(stack.desktop);
    const metrics = agent.metrics();
    await client.close();
    return { metrics, logs };
  } catch (error) {
    console.error(`[live failure report: ${scenario.name} (x11)]\n${failureReport(stack.desktop, logs.join('\n'))}`);
    throw error;
  } finally {
    await stack.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function runOnWayland(scenario: TaskScenario): Promise<TaskRun> {
  const stack = await openWaylandBridge(scenario.apps);
  const scratch = mkdtempSync(join(tmpdir(), 'gui-bridge-task-'));
  shareWithDesktop(scratch, stack.desktop);
  try {
    const agent = new ScriptedAgent(stack.client);
    await scenario.run({ desktop: stack.desktop, agent, bridge: null, scratch });
    expectAppsQuiet(stack.desktop);
    return { metrics: agent.metrics(), logs: stack.stderr().split('\n') };
  } catch (error) {
    console.error(`[live failure report: ${scenario.name} (wayland)]\n${failureReport(stack.desktop, stack.stderr())}`);
    throw error;
  } finally {
    await stack.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
