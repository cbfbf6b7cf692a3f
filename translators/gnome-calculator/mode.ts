/**
 * `switch_mode {mode}`: the "Mode selection" menu button opens a popover of radio items (Basic,
 * Advanced, Financial, Programming, Keyboard); GTK4 builds it on first opening, so the action
 * opens it when its items are not in the tree yet, chooses the item, and returns once the mode
 * button shows the new mode.
 */
import { z } from 'zod';
import { BridgeError, defineAction, repairName } from '../../src/sdk/translate.js';
import type { A11yNode, ActionContext } from '../../src/sdk/translate.js';
import { atCall, readingNow } from './live.js';
import { MODES, type CalculatorWindow, type Mode } from './reading.js';

const MENU_TIMEOUT_MS = 3000;

const labelOf = (mode: string) => mode.charAt(0).toUpperCase() + mode.slice(1);
const itemFor = (items: A11yNode[], mode: Mode) => items.find((n) => repairName(n.name).toLowerCase() === mode);

export const switchModeAction = defineAction({
  name: 'switch_mode',
  title: 'Switch mode',
  description: 'Switches the calculator to another mode (its keypad changes: Advanced adds functions, Financial and Programming their own keys).',
  kind: 'navigate',
  idempotent: true,
  input: z.object({ mode: z.enum(MODES).describe('The mode to show.') }),
  output: z.object({ mode: z.string().describe('The mode now shown.') }),
  available: (_view, { calculator }: CalculatorWindow) => calculator.modeButton !== undefined,
  async run(args, ctx) {
    const { window, reading } = atCall(ctx);
    const wanted = labelOf(args.mode);
    if (reading.mode.toLowerCase() === args.mode) return { message: `The calculator is already in ${wanted} mode.`, result: { mode: reading.mode } };
    const item = itemFor(reading.modeItems, args.mode) ?? (await openMenu(ctx, window.winId, args.mode));
    await ctx.probe.doAction(item.ref, 'click');
    const mode = await ctx.waitFor(
      (_s) => {
        const now = readingNow(ctx, window.winId);
        return now?.mode.toLowerCase() === args.mode ? now.mode : undefined;
      },
      { what: `${wanted} mode` },
    );
    return { message: `The calculator is in ${mode} mode.`, result: { mode } };
  },
});

/** Opens the mode menu and returns the wanted item; the app not offering it is a bad argument. */
async function openMenu(ctx: ActionContext, winId: string, mode: Mode): Promise<A11yNode> {
  const button = readingNow(ctx, winId)?.modeButton;
  if (!button) throw new BridgeError('action_not_available', 'The mode button is not shown now. Re-read app://windows.');
  await ctx.probe.doAction(button.ref, 'click');
  const items = await ctx.waitFor(
    (_s) => {
      const now = readingNow(ctx, winId)?.modeItems;
      return now && now.length > 0 ? now : undefined;
    },
    { timeoutMs: MENU_TIMEOUT_MS, what: 'the mode menu to open' },
  );
  const item = itemFor(items, mode);
  if (item) return item;
  await ctx.probe.doAction(button.ref, 'click'); // close the menu again: nothing was chosen
  const offered = items.map((n) => repairName(n.name).toLowerCase()).join(', ');
  throw new BridgeError('validation_failed', `This calculator does not offer ${labelOf(mode)} mode.`, {
    fields: [{ field: 'mode', error: `not offered; modes: ${offered}` }],
  });
}
