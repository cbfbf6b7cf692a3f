/**
 * A web document in design mode whose text is its own (Thunderbird's compose body, a Gecko
 * `document_web`) is a multi-line text field named by the document; a web page that is not
 * editable, and an editable document read through its shapes (a LibreOffice slide), are not.
 */
import { describe, expect, it } from 'vitest';
import { isEditableWebDocument } from '../../../src/translate/kit/drawnAreas.js';
import { readWindow } from '../../../src/translate/kit/reading.js';
import { frame, GTK3, n } from './nodes.js';

const EDITOR = [...GTK3, 'focusable', 'editable', 'multi_line'];

describe('an editable web document that holds its own text', () => {
  it('is a multi-line text field named by the document', () => {
    const body = n('document_web', 'Message body', { ref: 'body', value: 'Dear Grace,\nsee you.', states: EDITOR });
    const reading = readWindow(
      frame('Write: Hello - Thunderbird', [n('entry', 'To', { value: '', states: [...GTK3, 'focusable', 'editable', 'single_line'] }), body]),
    );
    const field = reading.fields.find((f) => f.node.ref === 'body');
    expect(field).toMatchObject({ label: 'Message body', kind: 'text', multiLine: true, settable: true });
    expect(isEditableWebDocument(body)).toBe(true);
  });

  it('leaves out a page that is not editable, an unnamed one, and one read through its shapes', () => {
    expect(isEditableWebDocument(n('document_web', 'Page', { states: [...GTK3, 'focusable', 'multi_line'] }))).toBe(false);
    expect(isEditableWebDocument(n('document_web', '', { states: EDITOR }))).toBe(false);
    const shape = n('panel', 'Title', { states: [...GTK3, 'selectable'] }, [n('paragraph', '', { states: [...GTK3, 'editable'] })]);
    expect(isEditableWebDocument(n('document_web', 'Slide', { states: EDITOR }, [shape]))).toBe(false);
    expect(isEditableWebDocument(n('document_text', 'Notes', { states: EDITOR }))).toBe(false);
  });
});
