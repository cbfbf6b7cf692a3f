/**
 * Areas an application draws itself, as the walk (walk.ts) sorts them: opaque areas, areas that
 * take keys but expose no text (a painted document), editable documents whose text is in their
 * children, and drawn areas whose description says what they show.
 */
import { paintedViewOf } from '../../platform/ocr/regions.js';
import type { A11yNode } from '../../platform/probe.js';
import { hasState } from '../tree.js';
import { hintOf, repairName } from './labels.js';

/**
 * Roles of areas an application paints itself: with no children, name or text they expose
 * nothing of what they show (Gnumeric's sheet is one drawing area, its cells only painted).
 */
export const OPAQUE_ROLES = new Set(['drawing_area', 'canvas']);

/**
 * A focusable drawing surface with nothing inside and no text: an application that draws its
 * document itself (AbiWord's page) takes keys there and tells nothing of what they wrote. A
 * focusable nameless panel that holds nothing but its own scroll bars is the same kind of area:
 * Swing editors paint their text in a component with no accessible (jEdit's text area is such a
 * panel, and the one that has the keyboard focus while the user types).
 */
export function isKeyArea(node: A11yNode): boolean {
  if (!hasState(node, 'focusable') || node.value) return false;
  if (OPAQUE_ROLES.has(node.role)) return node.children.length === 0;
  return SCROLLED_AREA_ROLES.has(node.role) && !repairName(node.name) && scrollsItsOwnDrawing(node);
}

/**
 * The view a scroll pane shows without exposing anything of it (regions.ts `paintedViewOf`): an
 * area the application paints, read from pixels when OCR is on. Freeplane's mind map takes the
 * keys that move between and edit its nodes there, so a focusable one is a key area.
 */
export function paintedViewIn(viewport: A11yNode): { view: A11yNode; takesKeys: boolean } | undefined {
  const view = paintedViewOf(viewport);
  return view && { view, takesKeys: hasState(view, 'focusable') };
}

/**
 * A document the user edits by typing into it, whose content is exposed as children: LibreOffice's
 * slide (`document_presentation`) and drawing page (`document_frame`) hold their shapes, each with
 * its paragraphs, and the keys a user types go to the document, which hands them to the selected
 * shape. Its text is read through the children; the document adds the place where type_text goes.
 */
export function isEditableDocument(node: A11yNode): boolean {
  return DOCUMENT_ROLES.has(node.role) && hasState(node, 'editable') && hasState(node, 'focusable') && !hasState(node, 'read_only');
}

/**
 * The paragraphs of an editable document's shapes, each a text field of its shape (labelled by the
 * shape's name, its group): LibreOffice exposes a slide's or drawing page's shapes as selectable
 * children of the document, their text as paragraphs with EditableText, and setting one puts its
 * shape in text edit with the new text, as typing into the shape does. A word processor's own
 * paragraphs (children of the document, not of a shape) stay its text.
 */
export function shapeParagraphs(document: A11yNode): A11yNode[] {
  return document.children.filter((shape) => hasState(shape, 'selectable')).flatMap((shape) => shape.children.filter(isEditableParagraph));
}

/**
 * A web document in design mode (a mail client's message body, a rich-text editor) whose text is
 * its own: Gecko exposes Thunderbird's compose body as an editable, multi-line `document_web`
 * holding its lines as text, with no shapes. It is a multi-line text field named by the document,
 * which set_field writes and reads back like any text field (a bare place to type into would leave
 * the agent no way to reach it while a header field holds the focus).
 */
export function isEditableWebDocument(node: A11yNode): boolean {
  return (
    WEB_DOCUMENT_ROLES.has(node.role) &&
    isEditableDocument(node) &&
    hasState(node, 'multi_line') &&
    repairName(node.name) !== '' &&
    shapeParagraphs(node).length === 0
  );
}

const WEB_DOCUMENT_ROLES = new Set(['document_web', 'document_email']);

const isEditableParagraph = (node: A11yNode) => node.role === 'paragraph' && hasState(node, 'editable') && !hasState(node, 'read_only');

const DOCUMENT_ROLES = new Set(['document_text', 'document_presentation', 'document_frame', 'document_spreadsheet', 'document_web', 'document_email']);
const SCROLLED_AREA_ROLES = new Set(['panel']);

/**
 * A named drawn area whose description says what it shows: GTK 3 gives a widget its tooltip as
 * its description, and an app that paints a value keeps the tooltip on it (Qalculate's result
 * view, named "Calculation result", is described "= 193"). A screen reader speaks name and
 * description; the read shows the description as the area's value, which nobody types. A
 * nameless one stays opaque: with nothing saying what the area is, its tooltip is more likely a
 * hint ("Drag to pan") than what it shows.
 */
export function isDescribedDrawing(node: A11yNode): boolean {
  return OPAQUE_ROLES.has(node.role) && node.children.length === 0 && !node.value && repairName(node.name) !== '' && hintOf(node) !== '';
}

/**
 * Whether the panel's content is scroll bars alone (in nameless, textless wrappers, all read) and
 * they scroll a view: both ways, or the panel has the focus. A panel that only wraps one scroll
 * bar (Swing puts each of jEdit's bars in one) scrolls one way and never takes the focus itself.
 */
function scrollsItsOwnDrawing(node: A11yNode): boolean {
  const ways = new Set<string>();
  const onlyBars = (n: A11yNode): boolean =>
    n.children.length === (n.childCount ?? n.children.length) &&
    n.children.every((child) => {
      if (child.role === 'scroll_bar') {
        ways.add(hasState(child, 'horizontal') ? 'horizontal' : 'vertical');
        return true;
      }
      return SCROLL_WRAPPER_ROLES.has(child.role) && !repairName(child.name) && !child.value && onlyBars(child);
    });
  return onlyBars(node) && ways.size > 0 && (ways.size === 2 || hasState(node, 'focused'));
}

/** What stands between a Swing view and its scroll bars (JScrollBar sits in a panel in a filler). */
const SCROLL_WRAPPER_ROLES = new Set(['panel', 'filler']);
