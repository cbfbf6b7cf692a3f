/**
 * What the probe said about a tree (timeouts, a lost bus, a budget cut) as warn notices, for app
 * translators that build their own blocks: the agent must learn that what it reads may be partial.
 */
import type { BlockDraft, TranslateContext } from '../types.js';

export function probeNotices(ctx: Pick<TranslateContext, 'warnings' | 'truncated'>, options: { cutIsExpected?: boolean } = {}): BlockDraft[] {
  const blocks: BlockDraft[] = ctx.warnings.map((text, i) => ({ type: 'notice', id: `warning-${i + 1}`, severity: 'warn', text }));
  // A translator that knows why the tree was cut (a huge list it pages itself) says so instead.
  if (ctx.truncated && !options.cutIsExpected) {
    blocks.push({ type: 'notice', id: 'partial', severity: 'warn', text: 'This window is very large: only part of its content could be read.' });
  }
  return blocks;
}
