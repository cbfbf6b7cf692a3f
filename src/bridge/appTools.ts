import { APP_TOOL_PREFIX, slugify, toolName } from '../protocol/names.js';
import type { AppInfo } from '../platform/probe.js';
import { appActionsFor, type TranslatorRegistry } from '../translate/registry.js';
import type { AppActionDef, LiveWindow } from '../translate/types.js';
import { prepareAppAction, type PreparedAction } from './prepare.js';
import type { AppTool } from './state.js';

/**
 * How application-level tools are named. With one application per server they are
 * `app__{action}` (P-TOOL-5). A server started for several applications (D-4) names them
 * `app__{appHandle}_{action}`, decided by configuration so that names never change at run time.
 */
export type AppToolNaming = 'single' | 'per-app';

export class AppToolBuilder {
  private readonly handles = new Map<string, string>();
  private readonly prepared = new Map<string, { def: AppActionDef; title: string; tool: PreparedAction }>();

  constructor(
    private readonly registry: TranslatorRegistry,
    private readonly naming: AppToolNaming,
  ) {}

  build(apps: AppInfo[], windows: LiveWindow[], collapsed: Set<string>): AppTool[] {
    const tools: AppTool[] = [];
    for (const app of apps) {
      if (collapsed.has(app.key)) continue; // P-OPER-2: the app-level modal blocks the whole app
      const defs = appActionsFor(this.registry, app);
      const appWindows = windows.filter((w) => w.facts.appKey === app.key);
      for (const def of defs) {
        if (def.available && !def.available({ app, windows: appWindows })) continue;
        tools.push({ appKey: app.key, prepared: this.prepare(app, def) });
      }
    }
    return tools;
  }

  private prepare(app: AppInfo, def: AppActionDef): PreparedAction {
    const name = toolName(APP_TOOL_PREFIX, this.naming === 'single' ? def.name : `${this.handle(app)}_${def.name}`);
    const cached = this.prepared.get(name);
    if (cached && cached.def === def && cached.title === app.name) return cached.tool;
    const tool = prepareAppAction(name, this.naming === 'per-app' ? app.name : undefined, def);
    this.prepared.set(name, { def, title: app.name, tool });
    return tool;
  }

  private handle(app: AppInfo): string {
    let handle = this.handles.get(app.key);
    if (!handle) {
      const base = slugify(app.name, 'app').slice(0, 16);
      const taken = new Set(this.handles.values());
      handle = base;
      for (let n = 2; taken.has(handle); n++) handle = `${base}${n}`;
      this.handles.set(app.key, handle);
    }
    return handle;
  }
}
