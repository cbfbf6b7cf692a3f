/**
 * A window with hundreds of buttons (a web page's links): `press` stays under the tool size bound
 * by taking the label as a string the server checks; a label not shown answers with the closest.
 */
import { describe, expect, it } from 'vitest';
import { pressAction } from '../../../src/translate/kit/actions/press.js';
import { readGeneric } from '../../../src/translate/kit/reading.js';
import { toInputJsonSchema } from '../../../src/translate/jsonSchema.js';
import { fakeContext } from './fakeContext.js';
import { frame, n } from './nodes.js';

const VIEW = { summary: '', blocks: [], actions: [] };
const page = (count: number) =>
  frame(
    'Index',
    Array.from({ length: count }, (_, i) =>
      n('link', `Chapter ${i + 1}: how the widgets of part ${i + 1} are laid out`, { ref: `link-${i + 1}`, actions: ['jump'] }),
    ),
  );

function buttonSchemaOf(count: number): Record<string, unknown> {
  const input = pressAction.input;
  const schema = toInputJsonSchema(typeof input === 'function' ? input(VIEW, readGeneric(page(count))) : input);
  return (schema.properties as Record<string, Record<string, unknown>>).button as Record<string, unknown>;
}

describe('press on a window with many buttons', () => {
  it('a few buttons are an enum; hundreds are a checked string, and the schema stays small', () => {
    expect(buttonSchemaOf(5)).toHaveProperty('enum');
    const big = buttonSchemaOf(400);
    expect(big).not.toHaveProperty('enum');
    expect(Buffer.byteLength(JSON.stringify(big))).toBeLessThan(2048);
    expect(JSON.stringify(big)).toContain('400 buttons: Chapter 1:');
  });

  it('a shown label is pressed; one not shown is validation_failed naming the closest labels', async () => {
    const { ctx, calls } = fakeContext(page(400));
    await pressAction.run({ button: 'Chapter 250: how the widgets of part 250 are laid out' } as never, ctx);
    expect(calls).toEqual([{ primitive: 'doAction', args: ['link-250', 'jump'] }]);
    const wrong = pressAction.run({ button: 'Chapter 250: how the widget of part 250 is laid out' } as never, ctx);
    await expect(wrong).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(wrong).rejects.toThrow(/Closest: "Chapter 250: how the widgets of part 250 are laid out"/);
  });
});
