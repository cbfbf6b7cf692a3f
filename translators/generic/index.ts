/**
 * The generic translator: the fallback for windows no plugin claims. A first version: visible
 * text, label/entry pairs as fields, info bars as notices, and press/set_field/focus/close.
 * (The full rule set is tracked by the translator SDK issue.)
 */
import { z } from 'zod';
import type { A11yNode } from '../../src/platform/probe.js';
import { closeAction, focusAction, requireWindow } from '../../src/translate/commonActions.js';
import { defineAction, defineTranslator } from '../../src/translate/define.js';
import { findAll, hasState, indexByRef, isEnabled, labelOf, textOf } from '../../src/translate/tree.js';
import type { BlockDraft, WindowView } from '../../src/translate/types.js';

const ENTRY_ROLES = new Set(['text', 'password_text', 'entry', 'spin_button']);

const isVisible = (n: A11yNode) => hasState(n, 'visible') || hasState(n, 'showing');

function buttons(root: A11yNode): A11yNode[] {
  return findAll(root, (n) => (n.role === 'push_button' || n.role === 'toggle_button') && isVisible(n) && isEnabled(n) && n.name.trim() !== '');
}

function entries(root: A11yNode): A11yNode[] {
  return findAll(root, (n) => ENTRY_ROLES.has(n.role) && isVisible(n));
}

const press = defineAction({
  name: 'press',
  title: 'Press button',
  description: 'Presses one of the buttons the window shows.',
  kind: 'write',
  input: (_view, root) => {
    const names = [...new Set(buttons(root).map((b) => b.name.trim()))];
    return z.object({ button: z.enum(names as [string, ...string[]]).describe('The button label.') });
  },
  available: (_view, root) => buttons(root).length > 0,
  async run(args, ctx) {
    const window = requireWindow(ctx);
    const button = buttons(window.tree.root).find((b) => b.name.trim() === args.button) as A11yNode;
    // The effect of an unknown button is unknown: the executor applies whatever follows.
    await ctx.probe.doAction(button.ref, button.actions?.[0] ?? 'click');
    return { message: `Pressed "${args.button}".` };
  },
});

const setField = defineAction({
  name: 'set_field',
  title: 'Set field',
  description: 'Replaces the text of one of the window’s text fields.',
  kind: 'write',
  idempotent: true,
  input: (_view, root) => {
    const index = indexByRef(root);
    const labels = [...new Set(entries(root).filter((e) => hasState(e, 'editable')).map((e) => labelOf(e, index) || e.role))];
    return z.object({
      field: z.enum(labels as [string, ...string[]]).describe('The field label.'),
      value: z.string().max(100_000),
    });
  },
  available: (_view, root) => entries(root).some((e) => hasState(e, 'editable')),
  async run(args, ctx) {
    const window = requireWindow(ctx);
    const index = indexByRef(window.tree.root);
    const entry = entries(window.tree.root).find((e) => (labelOf(e, index) || e.role) === args.field) as A11yNode;
    await ctx.probe.setText(entry.ref, args.value);
    return { message: `${args.field} set.` };
  },
});

function translate(title: string, root: A11yNode, warnings: readonly string[]): WindowView {
  const index = indexByRef(root);
  const blocks: BlockDraft[] = warnings.map((text, i) => ({ type: 'notice', id: `warning-${i + 1}`, severity: 'warn', text }));
  const fields = entries(root).map((e) => ({
    label: labelOf(e, index) || e.role,
    value: e.value ?? '',
    ...(e.sensitive ? { sensitive: true } : {}),
  }));
  const labelled = new Set(entries(root).flatMap((e) => e.relations?.filter((r) => r.type === 'labelled_by').flatMap((r) => r.targets) ?? []));
  const texts = findAll(root, (n) => n.role === 'label' && isVisible(n) && !labelled.has(n.ref) && n.name.trim() !== '').map((n) => n.name.trim());
  if (texts.length > 0) blocks.push({ type: 'text', id: 'text', text: texts.join('\n') });
  if (fields.length > 0) blocks.push({ type: 'fields', id: 'fields', items: fields });
  for (const bar of findAll(root, (n) => (n.role === 'info_bar' || n.role === 'alert') && isVisible(n))) {
    blocks.push({ type: 'notice', id: `notice-${blocks.length}`, severity: 'info', text: textOf(bar) });
  }
  const kind = root.role === 'dialog' || root.role === 'alert' ? 'Dialog' : 'Window';
  const first = texts[0] ? `: ${texts[0]}` : '';
  return { summary: `${kind} "${title}"${first}`, blocks, actions: [press, setField, focusAction, closeAction] };
}

export const genericTranslator = defineTranslator({
  id: 'generic',
  match: {},
  translate: (window, tree, ctx) => translate(window.title, tree.root, ctx.warnings),
});
