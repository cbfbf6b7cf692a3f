/**
 * `select` for both Linux probes: AT-SPI Selection first, then what toolkits without it need.
 * Chromium's <select> refuses SelectChild but each option offers a "select" action; Qt combo
 * boxes implement no Selection at all and are chosen as a user does, by pointer and keys; the
 * items of Qt's other item views by their "toggle" action, which selects that one index.
 */
import { AtspiError } from './atspi/index.js';
import type { AtspiPrimitives } from './atspi/primitives.js';

/** The input a combo box choice needs: a pointer click and keys to the focused window. */
export interface ComboInput {
  click(ref: string): Promise<void>;
  pressKeys(keys: string[]): Promise<void>;
}

export async function selectItem(primitives: AtspiPrimitives, ref: string, input: ComboInput): Promise<void> {
  try {
    await primitives.select(ref);
  } catch (error) {
    if (error instanceof AtspiError && error.code === 'refused') return primitives.doAction(ref, 'select').catch(() => Promise.reject(error));
    const combo = error instanceof AtspiError && error.code === 'not_supported' ? await primitives.comboOf(ref) : null;
    if (!combo) {
      if (error instanceof AtspiError && error.code === 'not_supported' && (await primitives.selectByToggle(ref))) return;
      throw error;
    }
    await selectByKeys(primitives, combo, ref, input);
  }
}

/**
 * Opens the popup by a click, once it is not showing, then chooses by keys. A popup can report
 * "showing" before it holds the keyboard (a loaded machine maps it late), so keys may land
 * elsewhere: the choice is checked on the combo box itself and made once more if it did not
 * take, and a choice that never shows is an error, not a silent success.
 */
async function selectByKeys(
  primitives: AtspiPrimitives,
  combo: { combo: string; list: string; index: number },
  option: string,
  input: ComboInput,
): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!(await primitives.showing(combo.list))) await input.click(combo.combo);
    await until(() => primitives.showing(combo.list), 3000, 'the drop-down list did not open');
    await input.pressKeys(['Home', ...Array.from({ length: combo.index }, () => 'Down'), 'Return']);
    const shown = await until(() => primitives.comboShows(combo.combo, option), 2000, '').then(
      () => true,
      () => false,
    );
    if (shown) return;
  }
  throw new Error('the combo box did not take the chosen option');
}

async function until(check: () => Promise<boolean>, maxMs: number, failure: string): Promise<void> {
  for (let waited = 0; !(await check()); waited += 50) {
    if (waited >= maxMs) throw new Error(failure);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
