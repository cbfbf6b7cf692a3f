/**
 * Window-only mode: windows whose content the platform cannot read (Windows without the UI
 * Automation helper, macOS without the accessibility permission, a crashed helper). Shows the
 * reason, a screenshot when one could be taken, and offers focus, close, typing and key chords.
 * The probe marks such trees with `WINDOW_ONLY` attributes on a root without children.
 */
import {
  acceptsKeys,
  CHORDS_INPUT,
  closeDiscardingAction,
  defineAction,
  defineTranslator,
  focusAction,
  isWindowOnly,
  requireWindow,
  typeKeysAction,
  waitForVisibleEffect,
} from '../../src/sdk/translate.js';
import type { A11yNode, BlockDraft, WindowFacts, WindowView } from '../../src/sdk/translate.js';

const pressKeys = defineAction({
  name: 'press_keys',
  title: 'Press keys',
  description:
    'Presses keys or key chords in order, e.g. ["ctrl+s"], ["Tab", "Tab", "Return"], ["alt+F4"]. ' + 'Modifiers: ctrl, shift, alt (option), cmd (super).',
  // Keys can do anything (alt+F4, ctrl+w discard work), as in the generic translator.
  kind: 'destructive',
  available: (_view, root: A11yNode) => acceptsKeys(root),
  input: CHORDS_INPUT,
  async run(args, ctx) {
    const window = requireWindow(ctx);
    await ctx.probe.sendKeys(window.facts.nativeId, { keys: args.keys });
    await waitForVisibleEffect(ctx, window.winId);
    return { message: `Pressed ${args.keys.join(', ')} in window ${window.winId}.` };
  },
});

/** The screenshot block and capture action are the bridge's, added to every window-only window. */
function translate(window: WindowFacts, warnings: readonly string[]): WindowView {
  const blocks: BlockDraft[] = warnings.map((text, i) => ({ type: 'notice', id: `reason-${i + 1}`, severity: 'warn', text }));
  const kind = window.modal ? 'Dialog' : 'Window';
  return {
    summary: `${kind} "${window.title}" of ${window.app.name}: its content cannot be read, only seen in a screenshot and operated with the keyboard.`,
    blocks,
    actions: [focusAction, closeDiscardingAction, typeKeysAction, pressKeys],
  };
}

export const windowOnlyTranslator = defineTranslator({
  id: 'window-only',
  match: { test: (_window, root) => isWindowOnly(root) },
  translate: (window, _tree, ctx) => translate(window, ctx.warnings),
  notes:
    'Some windows are in window-only mode: their content cannot be read. Look at their screenshot, call focus first, then type_text / press_keys; re-read app://windows to see the effect.',
});
