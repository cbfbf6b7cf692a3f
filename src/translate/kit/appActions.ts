import { z } from 'zod';
import { slugify } from '../../protocol/names.js';
import type { AppInfo } from '../../platform/probe.js';
import { defineAppAction } from '../define.js';
import type { AppActionDef } from '../types.js';

const NO_INPUT = z.object({});
const cache = new Map<string, AppActionDef>();

/**
 * Application-level commands the toolkit exposes (GTK GActions, menu-bar commands) as
 * `app__{name}` tools when no translator describes the app better: the generic translator's
 * `appActions`, so the registry's fallback serves apps as it serves windows.
 */
export function genericAppActions(app: AppInfo): AppActionDef[] {
  return app.actions
    .filter((a) => a.enabled)
    .map((a) => {
      const key = `${a.name}\u0000${a.label ?? ''}`;
      let def = cache.get(key);
      if (!def) {
        const label = a.label ?? a.name;
        def = defineAppAction({
          name: slugify(a.name, 'command'),
          title: label,
          // The title is the command's label; tools/list repeats this once per command.
          description: 'Runs the app command.',
          kind: 'write',
          input: NO_INPUT,
          async run(_args, ctx) {
            const before = ctx.state.windows().length;
            await ctx.probe.doAppAction(ctx.app.key, a.name);
            // The effect of an unknown command is unknown: wait briefly for any new window.
            await ctx.waitFor((s) => s.windows().length !== before, { timeoutMs: 1500, what: 'a visible effect' }).catch(() => undefined);
            return { message: `Ran "${label}".` };
          },
        });
        cache.set(key, def);
      }
      return def;
    });
}
