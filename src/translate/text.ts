/**
 * Text as a user reads it, shared by translators, tests and benchmarks: bidi marks and runs of
 * spaces removed, toolkit noise repaired. GTK4 (4.8) names a button after its label twice ("7 7")
 * and names unlabelled widgets by their type ("GtkMenuButton"): neither is ever shown as a label.
 */
const TYPE_NAME = /^(Gtk|Adw|Gdk|Gsk|Hdy|Vte|WebKit)[A-Z][A-Za-z0-9]*$/;
/**
 * Marks that take no room: bidi marks, and the zero-width spaces (U+200B, U+FEFF) an app puts in a
 * label to keep its height while it says nothing (Thunderbird's empty status text).
 */
const INVISIBLE_MARKS = /[\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
/** U+FFFC stands for an object embedded in a text (a web page's input or link): not text. */
const OBJECT_REPLACEMENT = /\ufffc/g;

/** Trimmed, invisible marks and embedded-object marks removed, runs of spaces and tabs collapsed (line breaks kept). */
export function cleanText(text: string): string {
  return text
    .replace(INVISIBLE_MARKS, '')
    .replace(OBJECT_REPLACEMENT, ' ')
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

/** One line: any whitespace collapsed. */
export function oneLine(text: string): string {
  return cleanText(text).replace(/\s+/g, ' ');
}

export function isTypeName(text: string): boolean {
  return TYPE_NAME.test(text.trim());
}

/**
 * An identifier a developer gave an input widget, left as its accessible name when no label was
 * set (GtkBuildable ids: evince names its page entry "page-label-entry"): lower-case words joined
 * by underscores, or by two hyphens or more. Never shown on screen, so never a control's label;
 * "e-mail" is a word. Only for controls: a file or list item may well be called "my_notes".
 */
const WIDGET_ID = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$|^[a-z][a-z0-9]*(?:-[a-z0-9]+){2,}$/;

export function isWidgetName(text: string): boolean {
  return WIDGET_ID.test(text.trim());
}

/** A node's name as a user would read it: '' for type names, "7 7" → "7". */
export function repairName(name: string): string {
  const text = oneLine(name);
  if (isTypeName(text)) return '';
  const doubled = /^(.+) \1$/.exec(text);
  return doubled ? (doubled[1] as string) : text;
}
