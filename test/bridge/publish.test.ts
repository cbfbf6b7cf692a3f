/** P-SENS-1 masking and P-BLK-1 block ids, at the single exit point of content. */
import { describe, expect, test } from 'vitest';
import { publishContent } from '../../src/bridge/publish.js';

describe('publishContent', () => {
  test('masks sensitive field values, keeps emptiness visible', () => {
    const { blocks } = publishContent({
      summary: 's',
      actions: [],
      blocks: [
        {
          type: 'fields',
          items: [
            { label: 'User', value: 'ann' },
            { label: 'Password', value: 'hunter2', sensitive: true },
            { label: 'PIN', value: '', sensitive: true },
          ],
        },
      ],
    });
    expect(blocks[0]).toEqual({
      type: 'fields',
      id: 'fields-1',
      items: [
        { label: 'User', value: 'ann' },
        { label: 'Password', value: '••••••', sensitive: true },
        { label: 'PIN', value: '', sensitive: true },
      ],
    });
  });

  test('masks every value of a sensitive block of any type', () => {
    const { blocks } = publishContent({
      summary: 's',
      actions: [],
      blocks: [
        { type: 'text', text: 'token abc', sensitive: true },
        { type: 'table', columns: ['k'], rows: [['secret']], sensitive: true },
        { type: 'list', items: ['secret'], sensitive: true },
        { type: 'custom', payload: { secret: 1 }, sensitive: true },
        { type: 'media', mimeType: 'image/png', url: 'data:image/png;base64,AAAA', alt: 'secret', sensitive: true },
      ],
    });
    expect(JSON.stringify(blocks)).not.toMatch(/secret|token abc|AAAA/);
  });

  test('block ids: translator keys kept, duplicates suffixed, missing ones generated per type', () => {
    const { blocks } = publishContent({
      summary: 's',
      actions: [],
      blocks: [
        { type: 'text', id: 'intro', text: 'a' },
        { type: 'text', id: 'intro', text: 'b' },
        { type: 'notice', severity: 'info', text: 'c' },
        { type: 'notice', severity: 'warn', text: 'd' },
        { type: 'text', id: 'text-1', text: 'e' },
        { type: 'text', text: 'f' },
      ],
    });
    expect(blocks.map((b) => b.id)).toEqual(['intro', 'intro-2', 'notice-1', 'notice-2', 'text-1', 'text-2']);
  });
});
