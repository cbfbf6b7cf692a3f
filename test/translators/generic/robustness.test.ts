/**
 * The generic translator is the fallback of every window: it must never throw, must publish valid
 * blocks and tool schemas, and must be deterministic — on any tree, not only well-formed ones.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepareWindowActions } from '../../../src/bridge/prepare.js';
import { publishContent } from '../../../src/bridge/publish.js';
import type { A11yNode } from '../../../src/platform/probe.js';
import { BlockSchema } from '../../../src/protocol/schemas.js';
import { translateGeneric } from '../../../translators/generic/index.js';
import { readGeneric } from '../../../src/translate/kit/reading.js';

const ROLES = [
  'frame',
  'dialog',
  'panel',
  'filler',
  'label',
  'text',
  'password_text',
  'push_button',
  'toggle_button',
  'check_box',
  'radio_button',
  'combo_box',
  'menu',
  'menu_item',
  'menu_bar',
  'table',
  'table_column_header',
  'table_row',
  'table_cell',
  'list',
  'list_item',
  'spin_button',
  'slider',
  'page_tab_list',
  'page_tab',
  'info_bar',
  'status_bar',
  'alert',
  'icon',
  'scroll_bar',
  'file_chooser',
  'calendar',
];
const STATES = [
  'visible',
  'showing',
  'enabled',
  'sensitive',
  'editable',
  'multi_line',
  'checked',
  'selected',
  'selectable',
  'checkable',
  'modal',
  'invalid_entry',
  'read_only',
];
const NAMES = ['', 'OK', 'OK', 'Name:', '7 7', 'GtkButton', 'Save As…', 'x'.repeat(300), 'a\nb', '••••••', '20\u200e∶51'];

let counter = 0;
const node: fc.Memo<A11yNode> = fc.memo((depth) =>
  fc
    .record({
      role: fc.constantFrom(...ROLES),
      name: fc.constantFrom(...NAMES),
      value: fc.option(fc.constantFrom(...NAMES, '42', ''), { nil: undefined }),
      states: fc.subarray(STATES),
      actions: fc.option(fc.subarray(['click', 'toggle', 'press', 'activate']), { nil: undefined }),
      bounds: fc.option(
        fc.record({
          x: fc.integer({ min: -5, max: 900 }),
          y: fc.integer({ min: -5, max: 900 }),
          width: fc.integer({ min: 0, max: 300 }),
          height: fc.integer({ min: 0, max: 80 }),
        }),
        { nil: undefined },
      ),
      children: depth > 1 ? fc.array(node(depth - 1), { maxLength: 5 }) : fc.constant([]),
      childCount: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }),
      attributes: fc.option(fc.constantFrom({ rows: '1000', columns: '2' }, { 'message-type': 'error' }, { character_count: '99999' }), { nil: undefined }),
      relation: fc.option(fc.constantFrom('labelled_by', 'label_for', 'error_message', 'error_for'), { nil: undefined }),
    })
    .map(({ relation, ...n }) => {
      const ref = `n${++counter}`;
      const sensitive = n.role === 'password_text' ? { sensitive: true, value: n.value ? '••••••' : '' } : {};
      return { ...n, ref, ...sensitive, ...(relation ? { relations: [{ type: relation, targets: [`n${counter - 1}`, 'missing'] }] } : {}) } as A11yNode;
    }),
);

describe('generic translator robustness', () => {
  it('never throws, publishes valid blocks and schemas, and is deterministic', () => {
    fc.assert(
      fc.property(node(5), fc.boolean(), (root, truncated) => {
        const facts = { title: root.name, modal: false, windowType: 'normal' } as never;
        const reading = readGeneric(root);
        const view = translateGeneric(facts, reading, { warnings: [], truncated });
        for (const block of publishContent(view).blocks) expect(BlockSchema.safeParse(block).success).toBe(true);
        const prepared = prepareWindowActions('w1', view, reading);
        for (const p of prepared.values()) expect(p.descriptor.inputSchema.type).toBe('object');
        const again = translateGeneric(facts, readGeneric(structuredClone(root)), { warnings: [], truncated });
        expect(publishContent(again)).toEqual(publishContent(view));
        expect(view.summary.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});
