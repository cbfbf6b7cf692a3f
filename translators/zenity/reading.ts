/**
 * The zenity translator's reading of a window, computed once per window state by the bridge: the
 * generic reading (for the generic actions and most of zenity's), the dialog kind, and a form's
 * fields.
 */
import { readGeneric } from '../../src/sdk/translate.js';
import type { A11yNode, GenericReading } from '../../src/sdk/translate.js';
import { formFields, type FormField } from './formModel.js';
import { zenityKind, type ZenityKind } from './kinds.js';

export interface ZenityWindow extends GenericReading {
  kind: ZenityKind | undefined;
  /** The fields of a --forms dialog, first row first; [] for other dialogs. */
  form: FormField[];
}

export function readZenityWindow(root: A11yNode): ZenityWindow {
  const kind = zenityKind(root);
  return { ...readGeneric(root), kind, form: kind === 'forms' ? formFields(root) : [] };
}
