/** The Orders app's application-level commands: `app__new_report`, `app__new_order`, `app__preferences`. */
import { z } from 'zod';
import { defineAppAction } from '../../src/sdk/translate.js';
import type { AppView, LiveWindow, StateReader } from '../../src/sdk/translate.js';

const enabled = (name: string) => (view: AppView) => view.app.actions.some((a) => a.name === name && a.enabled);

function waitForNewWindow(state: StateReader, before: Set<string>, titlePrefix: string): LiveWindow | undefined {
  return state.windows().find((w) => !before.has(w.winId) && w.facts.title.startsWith(titlePrefix));
}

function opener(name: string, title: string, description: string, titlePrefix: string, kind: 'write' | 'navigate') {
  return defineAppAction({
    name,
    title,
    description,
    kind,
    input: z.object({}),
    available: enabled(name),
    async run(_args, ctx) {
      const before = new Set(ctx.state.windows().map((w) => w.winId));
      await ctx.probe.doAppAction(ctx.app.key, name);
      const opened = await ctx.waitFor((s) => waitForNewWindow(s, before, titlePrefix), { what: `the "${titlePrefix}" window to open` });
      return { message: `Opened "${opened.facts.title}" as window ${opened.winId}.` };
    },
  });
}

export const demoAppActions = [
  opener('new_report', 'New report', 'Opens a new Report Details window (its id is in openedWindowIds).', 'Report Details', 'write'),
  opener('new_order', 'New order', 'Opens a new, empty Order Editor window (its id is in openedWindowIds).', 'Order Editor', 'write'),
  opener(
    'preferences',
    'Preferences',
    'Opens the application-level Preferences dialog; it blocks every other window of the app until it is closed.',
    'Preferences',
    'navigate',
  ),
];
