/** Preferences: an application-level modal (modal, no owner) that blocks the whole app. */
import { z } from 'zod';
import { defineAction, findFirst, hasState, requireWindow } from '../../src/sdk/translate.js';
import type { A11yNode, WindowView } from '../../src/sdk/translate.js';
import { findButton } from './shared.js';

interface PrefsReading {
  combo?: A11yNode;
  currency: string;
  options: string[];
  check?: A11yNode;
  confirm: boolean;
}

function readPrefs(root: A11yNode): PrefsReading {
  const combo = findFirst(root, (n) => n.role === 'combo_box');
  const check = findFirst(root, (n) => n.role === 'check_box');
  return {
    combo,
    currency: combo?.value ?? '',
    options: combo?.children.map((c) => c.name) ?? [],
    check,
    confirm: check ? hasState(check, 'checked') : false,
  };
}

const save = defineAction({
  name: 'save',
  title: 'Save preferences',
  description: 'Changes the given preferences (omitted ones stay as they are), saves them and closes the dialog.',
  kind: 'write',
  idempotent: true,
  input: (_view, root: A11yNode) => {
    const options = readPrefs(root).options;
    return z.object({
      currency: z
        .enum(options as [string, ...string[]])
        .optional()
        .describe('Currency used for amounts.'),
      confirmBeforeSubmit: z.boolean().optional().describe('Ask for confirmation before an order is submitted.'),
    });
  },
  async run(args, ctx) {
    const window = requireWindow(ctx);
    const prefs = readPrefs(window.tree.root);
    if (args.currency && args.currency !== prefs.currency) {
      const option = prefs.combo?.children.find((c) => c.name === args.currency) as A11yNode;
      await ctx.probe.select(option.ref);
    }
    if (args.confirmBeforeSubmit !== undefined && args.confirmBeforeSubmit !== prefs.confirm && prefs.check) {
      await ctx.probe.doAction(prefs.check.ref, 'toggle');
    }
    await ctx.probe.doAction((findButton(window.tree.root, 'Save') as A11yNode).ref, 'click');
    await ctx.waitFor((s) => !s.window(window.winId), { what: 'the Preferences dialog to close' });
    return { message: 'Preferences saved.' };
  },
});

const cancel = defineAction({
  name: 'cancel',
  title: 'Cancel',
  description: 'Closes Preferences without saving.',
  kind: 'navigate',
  input: z.object({}),
  async run(_args, ctx) {
    const window = requireWindow(ctx);
    await ctx.probe.doAction((findButton(window.tree.root, 'Cancel') as A11yNode).ref, 'click');
    await ctx.waitFor((s) => !s.window(window.winId), { what: 'the Preferences dialog to close' });
    return { message: 'Preferences closed without saving.' };
  },
});

export function translatePreferences(root: A11yNode): WindowView {
  const prefs = readPrefs(root);
  return {
    summary: `Preferences: amounts in ${prefs.currency}, orders ${prefs.confirm ? 'are' : 'are not'} confirmed before submitting.`,
    blocks: [
      {
        type: 'fields',
        id: 'preferences',
        items: [
          { label: 'Currency', value: prefs.currency },
          { label: 'Confirm orders before submitting', value: prefs.confirm },
        ],
      },
    ],
    actions: [save, cancel],
  };
}
