/**
 * `click_text`: clicks what a window shows by its text, as read from its pixels (pixelText.ts):
 * the centre of the best match, inside the window only. Several equally good matches are refused
 * with their positions (the agent then names one by `occurrence`), and the action returns after
 * the window's visible effect, like every other action.
 */
import { z } from 'zod';
import { findText, type TextMatch } from '../platform/ocr/match.js';
import { BridgeError } from '../protocol/errors.js';
import { requireWindow, waitForVisibleEffect } from '../translate/commonActions.js';
import { defineAction } from '../translate/define.js';
import type { ActionDef } from '../translate/types.js';
import type { PixelReading } from './pixelReading.js';

const MAX_LISTED = 12;

const centre = (m: TextMatch) => ({ x: Math.round(m.box.x + m.box.width / 2), y: Math.round(m.box.y + m.box.height / 2) });
const describe = (m: TextMatch, i: number) => `${i + 1}: "${m.text}" at (${centre(m).x}, ${centre(m).y})`;

export function clickTextAction(readingOf: (winId: string) => PixelReading | undefined): ActionDef {
  return defineAction({
    name: 'click_text',
    title: 'Click visible text',
    description:
      'Clicks the text a button, menu entry or link shows, as read from the window pixels (OCR): the centre of the best match, within this window. ' +
      'When several places match it clicks nothing and lists them with their positions; then pass occurrence. Returns after the visible effect.',
    // A click may do anything a button does (delete, send, quit).
    kind: 'destructive',
    input: z.object({
      text: z.string().min(1).max(200).describe('The text as shown, e.g. "Approve" or "Save As".'),
      occurrence: z.number().int().min(1).max(100).optional().describe('Which match, counted top to bottom, left to right, when several match.'),
    }),
    output: z.object({ clicked: z.string(), x: z.number(), y: z.number(), changed: z.boolean() }),
    async run(args, ctx) {
      const window = requireWindow(ctx);
      const reading = readingOf(window.winId);
      const lines = reading?.regions.flatMap((r) => r.lines) ?? [];
      const matches = findText(lines, args.text).sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
      if (matches.length === 0) {
        const shown = lines.flatMap((l) => l.words.map((w) => w.text)).slice(0, 40);
        throw new BridgeError('validation_failed', `No text "${args.text}" is visible in window ${window.winId}. Shown: ${shown.join(' ') || 'nothing'}.`, {
          fields: [{ field: 'text', error: 'not visible in the window' }],
        });
      }
      if (matches.length > 1 && args.occurrence === undefined) {
        const listed = matches.slice(0, MAX_LISTED).map(describe).join('; ');
        throw new BridgeError(
          'validation_failed',
          `"${args.text}" matches ${matches.length} places in window ${window.winId}: ${listed}. Pass occurrence to choose one.`,
          {
            fields: [{ field: 'text', error: `ambiguous: ${matches.length} matches` }],
          },
        );
      }
      const match = matches[(args.occurrence ?? 1) - 1];
      if (!match) {
        throw new BridgeError('validation_failed', `occurrence ${args.occurrence} is past the ${matches.length} matches of "${args.text}".`, {
          fields: [{ field: 'occurrence', error: `at most ${matches.length}` }],
        });
      }
      if (!ctx.probe.clickAt) throw new BridgeError('action_not_available', 'This platform cannot click a point of a window.');
      const point = centre(match);
      await ctx.probe.clickAt(window.facts.nativeId, point);
      const changed = await waitForVisibleEffect(ctx, window.winId);
      return {
        message: `Clicked "${match.text}" at (${point.x}, ${point.y}) in window ${window.winId}.${changed ? '' : ' Nothing visible changed afterwards.'}`,
        result: { clicked: match.text, ...point, changed },
      };
    },
  });
}
