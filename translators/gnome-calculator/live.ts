/** The calculator as an action sees it: at call time, and in the latest applied state. */
import { requireWindow } from '../../src/sdk/translate.js';
import type { ActionContext, LiveWindow } from '../../src/sdk/translate.js';
import { readCalculator, type CalculatorReading } from './reading.js';

export function atCall(ctx: ActionContext): { window: LiveWindow; reading: CalculatorReading } {
  const window = requireWindow(ctx);
  return { window, reading: readCalculator(window.tree.root) };
}

/** Undefined once the window is gone. */
export function readingNow(ctx: ActionContext, winId: string): CalculatorReading | undefined {
  const now = ctx.state.window(winId);
  return now ? readCalculator(now.tree.root) : undefined;
}
