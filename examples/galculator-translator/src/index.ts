/**
 * A GUI Bridge translator for galculator, an app that is not in the gui-bridge repository: the
 * worked example of an external translator package (translators/README.md, "Ten minutes").
 *
 * galculator's keypad is made of toggle buttons, and it drops a press of the same key that
 * arrives within about 100 ms of the previous one: `calculate` lets the app settle between keys
 * (`ctx.settle`), then waits for the result on the applied state (`ctx.waitFor`, P-TOOL-6).
 */
import {
  BridgeError,
  defineAction,
  defineTranslator,
  findAll,
  findFirst,
  isBridgeError,
  NO_INPUT,
  probeNotices,
  readGeneric,
  readOnce,
  requireWindow,
  withGenericActions,
  z,
  type A11yNode,
  type ActionContext,
  type BlockDraft,
  type GenericReading,
} from 'gui-bridge/translate';

/** Keys of an expression → the keypad button that types it. */
const KEYS: Record<string, string> = { '*': '*', '/': '/', '+': '+', '-': '-', '.': '.', '(': '(', ')': ')', '%': '%' };
for (const digit of '0123456789') KEYS[digit] = digit;
/** galculator ignores a second press of a key that arrives sooner than this. */
const KEY_GAP_MS = 150;

interface Galculator {
  /** What the display shows ("36"). */
  display: string;
  /** Keypad buttons by label. */
  keys: Map<string, A11yNode>;
}

/**
 * The translator's reading: galculator's own, and the generic one (for the generic actions kept
 * beside ours). The bridge computes it once per window state (`read`) and passes it to
 * `translate` and to every action's `input` and `available`.
 */
interface GalculatorWindow extends GenericReading {
  galculator: Galculator;
}

/** Once per tree (`readOnce`): `read` and the actions' `run`, on the state they act on, share it. */
const readGalculator = readOnce((root: A11yNode): Galculator => {
  const display = findFirst(root, (n) => n.role === 'text' && n.states.includes('showing') && n.value !== undefined);
  const keys = new Map(findAll(root, (n) => n.role === 'toggle_button' && n.name !== '').map((n) => [n.name, n]));
  return { display: display?.value?.trim() ?? '', keys };
});

async function press(ctx: ActionContext, key: string): Promise<void> {
  const button = readGalculator(requireWindow(ctx).tree.root).keys.get(key);
  if (!button) throw new BridgeError('action_not_available', `galculator shows no "${key}" key now.`);
  await ctx.probe.doAction(button.ref, 'click');
  // A primitive returns once the app received it; a repeated key needs the app's pause first.
  await ctx.settle(KEY_GAP_MS);
}

const calculate = defineAction({
  name: 'calculate',
  title: 'Calculate',
  description: 'Types an expression on the keypad (digits, . + - * / ( ) %), presses = and returns the result shown.',
  kind: 'write',
  input: z.object({ expression: z.string().min(1).max(60).describe('For example "12*3" or "(1+2)/4".') }),
  output: z.object({ result: z.string().describe('What the display shows after =.') }),
  // Offered while the keypad shows "=": the reading the bridge passes, typed, no casts.
  available: (_view, { galculator }: GalculatorWindow) => galculator.keys.has('='),
  timeoutMs: 20_000,
  async run(args, ctx) {
    const expression = args.expression.replace(/\s+/g, '');
    if (![...expression].every((c) => c in KEYS)) {
      // The client gets code validation_failed and these fields in err.extra.fields.
      throw new BridgeError('validation_failed', 'The expression holds a key galculator has no button for.', {
        fields: [{ field: 'expression', error: 'use only digits, . + - * / ( ) and %' }],
      });
    }
    const window = requireWindow(ctx);
    await press(ctx, 'AC');
    for (const c of expression) await press(ctx, KEYS[c] as string);
    const before = ctx.state.window(window.winId)?.version ?? window.version;
    await press(ctx, '=');
    let result: string;
    try {
      // The display's text changing bumps the window's version; checked on the current state first.
      result = await ctx.waitFor(
        (s) => {
          const now = s.window(window.winId);
          return now && now.version > before ? readGalculator(now.tree.root).display : undefined;
        },
        { timeoutMs: 2000, what: 'the result' },
      );
    } catch (error) {
      // "5=" shows 5 again: no change to wait for. Anything else is a real failure.
      if (!isBridgeError(error) || error.code !== 'action_timeout') throw error;
      result = readGalculator(ctx.state.window(window.winId)?.tree.root ?? window.tree.root).display;
    }
    return { message: `${expression} = ${result}`, result: { result } };
  },
});

const clear = defineAction({
  name: 'clear',
  title: 'Clear',
  description: 'Clears the display and the pending calculation (AC).',
  kind: 'write',
  idempotent: true,
  input: NO_INPUT,
  async run(_args, ctx) {
    const window = requireWindow(ctx);
    await press(ctx, 'AC');
    await ctx.waitFor((s) => readGalculator(s.window(window.winId)?.tree.root ?? window.tree.root).display === '0', { what: 'the display to show 0' });
    return { message: 'Cleared.' };
  },
});

export const galculatorTranslator = defineTranslator({
  id: 'galculator',
  match: { appId: 'Galculator', role: 'frame' },
  notes: 'galculator: use calculate for arithmetic; it types on the keypad, so long expressions take a few seconds.',
  read: (_window, tree): GalculatorWindow => ({ ...readGeneric(tree.root), galculator: readGalculator(tree.root) }),
  translate(window, _tree, ctx, reading) {
    const { display } = reading.galculator;
    // The generic reading's notices say which keys are greyed out (MR, M+); probeNotices, what the probe could not read.
    const notices: BlockDraft[] = reading.generic.notices.map((n, i) => ({ type: 'notice', id: `notice-${i + 1}`, severity: n.severity, text: n.text }));
    const blocks: BlockDraft[] = [{ type: 'fields', id: 'display', items: [{ label: 'Display', value: display }] }, ...notices, ...probeNotices(ctx)];
    return withGenericActions({ summary: `${window.title} shows ${display || 'nothing'}.`, blocks, actions: [calculate, clear] }, reading);
  },
});

export default galculatorTranslator;
