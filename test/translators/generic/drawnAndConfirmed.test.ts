/**
 * Content an app draws itself, and fields that act only on Enter: a Swing text area that is a
 * panel holding only its scroll bars takes type_text; a drawn area that says its value in its
 * description (GTK 3's tooltip) is read as a display field; set_field's `submit` confirms a
 * one-line field by its own activate action, or by Return once the field has the focus; an
 * editable document read through its shapes (a LibreOffice slide) takes type_text, and each
 * shape's paragraph is a text field of the shape that set_field writes.
 */
import { describe, expect, it } from 'vitest';
import type { A11yNode } from '../../../src/platform/probe.js';
import { setFieldAction } from '../../../src/translate/kit/actions/fields.js';
import { typeTextAction } from '../../../src/translate/kit/actions/keys.js';
import { OPAQUE_NOTICE, readGeneric, UNREADABLE_DOCUMENT } from '../../../src/translate/kit/reading.js';
import { fakeContext } from './fakeContext.js';
import { frame, GTK3, n } from './nodes.js';

const SWING = ['enabled', 'focusable', 'sensitive', 'showing', 'visible'];

/** jEdit's text area: a panel whose painter has no accessible, beside its two scroll bars (ATK wrapper). */
function swingEditor(focused: boolean, content: A11yNode[] = []): A11yNode {
  const bar = (way: string) => n('filler', '', { states: SWING }, [n('panel', '', { states: SWING }, [n('scroll_bar', '', { states: [...SWING, way] })])]);
  return frame('jEdit - notes.txt', [
    n('push_button', '', { ref: 'save', description: 'Save (C+s)', actions: ['click'], states: SWING }),
    n('panel', '', { ref: 'area', states: [...SWING, ...(focused ? ['focused'] : [])] }, [bar('vertical'), bar('horizontal'), ...content]),
  ]);
}

describe('a Swing editor that paints its text in a panel holding only its scroll bars', () => {
  it('gets type_text, focuses the area first, and says its text cannot be read', async () => {
    const { ctx, calls } = fakeContext(swingEditor(false), (call) => (call.primitive === 'focus' ? { root: swingEditor(true) } : undefined));
    const reading = readGeneric(ctx.window!.tree.root);
    expect(typeTextAction.available?.({ summary: '', blocks: [], actions: [] }, reading)).toBe(true);
    expect(reading.generic.notices).toContainEqual({ severity: 'info', text: UNREADABLE_DOCUMENT });
    expect(await typeTextAction.run({ text: 'A line\n' } as never, ctx)).toMatchObject({ result: { via: 'keyboard' } });
    expect(calls.map((c) => c.primitive)).toEqual(['activateWindow', 'focus', 'sendKeys']);
    expect(calls[1]?.args).toEqual(['area']);
  });

  it('is no document when it holds anything readable beside its scroll bars, nor is a panel that wraps one bar', () => {
    const withText = readGeneric(swingEditor(true, [n('label', 'Line 1', { states: SWING })]));
    expect(withText.generic.keyAreas).toEqual([]);
    // Read alone (its text area not around it), the panel jEdit keeps its vertical bar in scrolls one way.
    const wrapper = frame('Panel', [n('panel', '', { states: SWING }, [n('scroll_bar', '', { states: [...SWING, 'vertical'] })])]);
    expect(readGeneric(wrapper).generic.keyAreas).toEqual([]);
  });

  it('is a document when it scrolls one way only but has the focus', () => {
    const wrapped = frame('Editor', [
      n('panel', '', { ref: 'area', states: [...SWING, 'focused'] }, [
        n('panel', '', { states: SWING }, [n('scroll_bar', '', { states: [...SWING, 'vertical'] })]),
      ]),
    ]);
    expect(readGeneric(wrapped).generic.keyAreas.map((a) => a.ref)).toEqual(['area']);
  });
});

describe('a scroll pane whose view exposes nothing (a Swing app that paints its document in a panel)', () => {
  /** Freeplane's mind map: one nameless panel with no accessible child, alone in a scroll pane's viewport. */
  const mindMap = (viewStates: string[], children: A11yNode[] = []) =>
    frame('Freeplane - Mind map mode', [
      n('scroll_pane', '', { states: SWING }, [
        n('viewport', '', { states: SWING }, [n('panel', '', { ref: 'map', states: viewStates }, children)]),
        n('scroll_bar', '', { states: [...SWING, 'vertical'] }),
      ]),
    ]);

  it('is a document whose text cannot be read when it takes the focus, an opaque area otherwise', () => {
    const focusable = readGeneric(mindMap(SWING)).generic;
    expect(focusable.keyAreas.map((a) => a.ref)).toEqual(['map']);
    expect(focusable.notices).toContainEqual({ severity: 'info', text: UNREADABLE_DOCUMENT });
    const inert = readGeneric(mindMap(['enabled', 'sensitive', 'showing', 'visible'])).generic;
    expect(inert.keyAreas).toEqual([]);
    expect(inert.notices).toContainEqual({ severity: 'info', text: OPAQUE_NOTICE });
  });

  it('is neither when the view holds anything', () => {
    const withNode = readGeneric(mindMap(SWING, [n('label', 'Corpus map', { states: SWING })])).generic;
    expect(withNode.keyAreas).toEqual([]);
    expect(withNode.notices).not.toContainEqual({ severity: 'info', text: OPAQUE_NOTICE });
  });
});

describe('a drawn area that says its value in its description', () => {
  it('is a display field named by the area, valued by the description; nobody sets it', () => {
    const root = frame('Qalculate!', [
      n('text', '', { ref: 'expr', value: '17*4', states: [...GTK3, 'editable', 'focusable', 'multi_line'] }),
      n('drawing_area', 'Calculation result', { ref: 'result', description: '= 68', states: [...GTK3, 'has_tooltip'] }),
    ]);
    const fields = readGeneric(root).generic.fields;
    expect(fields.find((f) => f.node.ref === 'result')).toMatchObject({ label: 'Calculation result', kind: 'display', value: '= 68', settable: false });
  });

  it('stays opaque (no field) without a description or without a name', () => {
    const root = frame('Sheet', [
      n('drawing_area', '', { ref: 'cells', states: GTK3 }),
      n('drawing_area', '', { ref: 'chart', description: 'Drag to pan', states: [...GTK3, 'has_tooltip'] }),
    ]);
    const { fields, notices } = readGeneric(root).generic;
    expect(fields).toEqual([]);
    expect(notices).toContainEqual({ severity: 'info', text: OPAQUE_NOTICE });
  });
});

describe('set_field with submit', () => {
  /** Evince's page entry: a one-line text whose "activate" action emits what Enter emits. */
  const viewer = (page: string, shown: string, actions = ['activate']) =>
    frame('invoice.pdf', [
      n('panel', 'Select page', { states: GTK3 }, [
        n('text', 'page-label-entry', { ref: 'page', value: page, actions, states: [...GTK3, 'editable', 'focusable', 'single_line'] }),
      ]),
      n('page', '', { ref: 'shown', value: shown, states: [...GTK3, 'focusable'] }),
    ]);

  it('writes the value, then runs the entry’s activate action; the result says the window changed', async () => {
    let page = '1';
    const { ctx, calls } = fakeContext(viewer('1', 'Page one'), (call) => {
      if (call.primitive === 'setText') return { root: viewer((page = String(call.args[1])), 'Page one') };
      return call.primitive === 'doAction' ? { root: viewer(page, 'Page two') } : undefined;
    });
    const outcome = await setFieldAction.run({ field: 'Select page', value: '2', submit: true } as never, ctx);
    expect(outcome).toEqual({ message: 'Select page set; confirmed. The window changed: re-read app://windows.', result: { via: 'editable_text' } });
    expect(calls.map((c) => [c.primitive, ...c.args])).toEqual([
      ['setText', 'page', '2', expect.any(Object)],
      ['doAction', 'page', 'activate'],
    ]);
  });

  it('confirms a value already shown, and presses Return in the focused field when the entry has no activate action', async () => {
    const focusedViewer = (shown: string) => {
      const root = viewer('2', shown, []);
      root.children[0]!.children[0]!.states.push('focused');
      return root;
    };
    const { ctx, calls } = fakeContext(viewer('2', 'Page one', []), (call) => {
      if (call.primitive === 'focus') return { root: focusedViewer('Page one') };
      return call.primitive === 'sendKeys' ? { root: focusedViewer('Page two') } : undefined;
    });
    const outcome = await setFieldAction.run({ field: 'Select page', value: '2', submit: true } as never, ctx);
    expect(outcome).toEqual({ message: 'Select page already shows that value; confirmed. The window changed: re-read app://windows.' });
    expect(calls.map((c) => c.primitive)).toEqual(['activateWindow', 'focus', 'sendKeys']);
    expect(calls[2]?.args[1]).toEqual({ keys: ['Return'] });
  });

  it('does not call a field confirmed when confirming changed nothing (a field that ignores Enter)', async () => {
    let page = '1';
    const { ctx } = fakeContext(viewer('1', 'Page one'), (call) =>
      call.primitive === 'setText' ? { root: viewer((page = String(call.args[1])), 'Page one') } : undefined,
    );
    const outcome = await setFieldAction.run({ field: 'Select page', value: '2', submit: true } as never, ctx);
    expect(page).toBe('2');
    expect(outcome).toEqual({
      message: 'Select page set; it was confirmed as Enter does, but the window shows no change yet: re-read app://windows later.',
      result: { via: 'editable_text' },
    });
  });

  it('refuses to confirm a multi-line field (Enter adds a line there)', async () => {
    const root = frame('Notes', [n('label', 'Body'), n('text', 'Body', { ref: 'body', value: '', states: [...GTK3, 'editable', 'focusable', 'multi_line'] })]);
    const { ctx, calls } = fakeContext(root);
    await expect(setFieldAction.run({ field: 'Body', value: 'x', submit: true } as never, ctx)).rejects.toMatchObject({ code: 'validation_failed' });
    expect(calls).toEqual([]);
  });
});

describe('an editable document read through its shapes (a LibreOffice slide)', () => {
  const LO = ['enabled', 'sensitive', 'showing', 'visible', 'focusable', 'editable', 'selectable'];
  const slide = (focus: 'title' | 'sidebar' | 'doc', title = 'Click to add Title') =>
    frame('Untitled 1 - LibreOffice Impress', [
      n('toggle_button', 'Layouts', { ref: 'deck', actions: ['click'], states: [...GTK3, 'focusable', ...(focus === 'sidebar' ? ['focused'] : [])] }),
      n('document_presentation', 'Untitled 1 - LibreOffice Presentation', { ref: 'doc', states: [...LO, ...(focus === 'doc' ? ['focused'] : [])] }, [
        n('panel', 'PresentationTitle ', { ref: 'title', states: [...LO, ...(focus === 'title' ? ['focused', 'selected'] : [])] }, [
          n('paragraph', '', { ref: 'title-text', value: title, states: ['enabled', 'showing', 'visible', 'editable', 'focusable', 'multi_line'] }),
        ]),
      ]),
    ]);

  it('gets type_text, its text stays read, and typing goes straight to the selected shape', async () => {
    const { ctx, calls } = fakeContext(slide('title'));
    const reading = readGeneric(ctx.window!.tree.root);
    expect(reading.generic.editors.map((d) => d.ref)).toEqual(['doc']);
    expect(reading.generic.keyAreas).toEqual([]);
    // The shape's paragraph is read as the shape's text field, not as loose text.
    expect(reading.generic.texts).not.toContain('Click to add Title');
    expect(reading.generic.fields.map((f) => [f.label, f.value, f.kind, f.settable])).toEqual([['PresentationTitle', 'Click to add Title', 'text', true]]);
    expect(reading.generic.notices).not.toContainEqual({ severity: 'info', text: UNREADABLE_DOCUMENT });
    expect(typeTextAction.available?.({ summary: '', blocks: [], actions: [] }, reading)).toBe(true);
    await typeTextAction.run({ text: 'Quarterly review' } as never, ctx);
    expect(calls.map((c) => c.primitive)).toEqual(['sendKeys']);
  });

  it('focuses the document first when the focus is elsewhere (a button of the sidebar)', async () => {
    const { ctx, calls } = fakeContext(slide('sidebar'), (call) => (call.primitive === 'focus' ? { root: slide('doc') } : undefined));
    await typeTextAction.run({ text: 'Quarterly review' } as never, ctx);
    expect(calls.map((c) => c.primitive)).toEqual(['activateWindow', 'focus', 'sendKeys']);
    expect(calls[1]?.args).toEqual(['doc']);
  });

  it("sets a shape's text with set_field through the paragraph's EditableText, answered once the slide shows it", async () => {
    const { ctx, calls } = fakeContext(slide('doc'), (call) => (call.primitive === 'setText' ? { root: slide('doc', String(call.args[1])) } : undefined));
    const outcome = await setFieldAction.run({ field: 'PresentationTitle', value: 'Quarterly review' } as never, ctx);
    expect(outcome).toEqual({ message: 'PresentationTitle set.', result: { via: 'editable_text' } });
    expect(calls.map((c) => [c.primitive, ...c.args])).toEqual([['setText', 'title-text', 'Quarterly review', expect.any(Object)]]);
  });

  it("keeps a word processor's own paragraphs as text: only a selectable shape's paragraphs are fields", () => {
    const page = frame('letter.odt - LibreOffice Writer', [
      n('document_text', 'letter', { states: LO.filter((s) => s !== 'selectable') }, [
        n('paragraph', '', { value: 'Dear reader,', states: ['enabled', 'showing', 'visible', 'editable', 'focusable', 'multi_line'] }),
        n('panel', 'Frame1', { states: LO }, [n('paragraph', '', { value: 'In a frame', states: ['enabled', 'showing', 'visible', 'editable', 'focusable'] })]),
        n('panel', 'Shape 2', { states: LO }, [n('paragraph', '', { value: 'Read only', states: ['enabled', 'showing', 'visible', 'editable', 'read_only'] })]),
      ]),
    ]);
    const reading = readGeneric(page).generic;
    expect(reading.texts).toEqual(['Dear reader,', 'Read only']);
    expect(reading.fields.map((f) => [f.label, f.value])).toEqual([['Frame1', 'In a frame']]);
  });
});
