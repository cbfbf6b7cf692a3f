/**
 * A window whose session has no keyboard (a Wayland compositor without a virtual
 * keyboard) gets no key tools from the generic and window-only translators, rather than tools
 * that fail when called.
 */
import { describe, expect, it } from 'vitest';
import { NO_KEYBOARD, WINDOW_ONLY, type A11yNode } from '../../../src/platform/probe.js';
import { pressKeysAction, typeTextAction } from '../../../src/translate/kit/actions/keys.js';
import { readGeneric } from '../../../src/translate/kit/reading.js';
import { readAndTranslate } from '../../../src/translate/define.js';
import { windowOnlyTranslator } from '../../../translators/window-only/index.js';
import { frame, n } from './nodes.js';
import { fakeWindowFacts } from '../../../src/testing/actionContext.js';

const withoutKeyboard = (root: A11yNode): A11yNode => ({ ...root, attributes: { ...root.attributes, [NO_KEYBOARD.attribute]: NO_KEYBOARD.value } });
const view = {} as never;

describe('key tools without a keyboard', () => {
  const editor = frame('Notes', [n('text', 'Body', { states: ['editable', 'enabled', 'sensitive', 'showing', 'visible', 'focusable'] })]);

  it('generic: type_text and press_keys are offered with a keyboard and hidden without one', () => {
    expect(typeTextAction.available?.(view, readGeneric(editor))).toBe(true);
    expect(pressKeysAction.available?.(view, readGeneric(editor))).toBe(true);
    expect(typeTextAction.available?.(view, readGeneric(withoutKeyboard(editor)))).toBe(false);
    expect(pressKeysAction.available?.(view, readGeneric(withoutKeyboard(editor)))).toBe(false);
  });

  it('window-only: its key tools are hidden too', () => {
    const root: A11yNode = { ref: 'r', role: 'frame', name: 'xterm', states: [], attributes: { [WINDOW_ONLY.mode]: WINDOW_ONLY.value }, children: [] };
    const facts = fakeWindowFacts({ nativeId: 'x', appKey: 'a', title: 'xterm', app: { key: 'a', id: 'XTerm', name: 'xterm', pid: 1, actions: [] } });
    const keyTools = (node: A11yNode) => {
      const { view: translated, reading } = readAndTranslate(
        windowOnlyTranslator,
        facts,
        { root: node, nodeCount: 1, truncated: false, warnings: [] },
        { platform: 'linux', warnings: [], truncated: false },
      );
      return translated.actions.filter((a) => ['type_text', 'press_keys'].includes(a.name) && (a.available?.(translated, reading) ?? true)).map((a) => a.name);
    };
    expect(keyTools(root)).toEqual(['type_text', 'press_keys']);
    expect(keyTools(withoutKeyboard(root))).toEqual([]);
  });
});
