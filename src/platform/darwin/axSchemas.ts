/** What the AX helper (ax-helper.js) answers, checked with zod at the boundary. */
import { z } from 'zod';

export const AxNodeSchema = z.object({
  i: z.number().int(),
  p: z.number().int(),
  ref: z.string(),
  /** AXRole: AXButton, AXTextField, AXStaticText, AXSheet, … */
  role: z.string(),
  /** AXSubrole: AXSecureTextField, AXCloseButton, AXDialog, AXTabButton, … */
  subrole: z.string(),
  title: z.string(),
  description: z.string(),
  help: z.string(),
  identifier: z.string(),
  placeholder: z.string(),
  enabled: z.boolean(),
  focused: z.boolean(),
  selected: z.boolean(),
  /** AXExpanded: null when the element has no such attribute. */
  expanded: z.union([z.boolean(), z.number()]).nullable(),
  modal: z.boolean(),
  /** AXFrame as [x, y, width, height] in screen points. */
  frame: z.array(z.number()).length(4).nullable(),
  /** AX action names: AXPress, AXIncrement, AXConfirm, AXShowMenu, … */
  actions: z.array(z.string()),
  /** The text of the element AXTitleUIElement points to (its visible label). */
  titleElement: z.string().optional(),
  /** AXValue as text (numbers as decimal strings); never present for secure fields. */
  value: z.string().optional(),
  valueTruncated: z.boolean().optional(),
  valueSettable: z.boolean().optional(),
  min: z.number().nullable().optional(),
  max: z.number().nullable().optional(),
  /** An AXSecureTextField: only its character count is read, never its value. */
  secure: z.boolean().optional(),
  charCount: z.number().int().optional(),
  childCount: z.number().int().optional(),
});
export type AxNode = z.infer<typeof AxNodeSchema>;

export const AxTreeResultSchema = z.object({
  nodes: z.array(AxNodeSchema),
  truncated: z.boolean(),
  timedOut: z.boolean(),
});

export const AxChildrenResultSchema = AxTreeResultSchema.extend({ total: z.number().int() });

export const AxWindowSchema = z.object({
  /** The CGWindowID (_AXUIElementGetWindow): the id node-window-manager uses too. */
  windowId: z.number().nullable(),
  pid: z.number(),
  index: z.number(),
  /** For sheets: the window the sheet is attached to. */
  ownerWindowId: z.number().nullable(),
  role: z.string(),
  subrole: z.string(),
  title: z.string(),
  modal: z.boolean(),
  main: z.boolean(),
  focused: z.boolean(),
  minimized: z.boolean(),
  frame: z.array(z.number()).length(4).nullable(),
});
export type AxWindow = z.infer<typeof AxWindowSchema>;

export const AxAppSchema = z.object({
  pid: z.number(),
  bundleId: z.string(),
  name: z.string(),
  windows: z.array(AxWindowSchema),
});

export const AxWindowsResultSchema = z.object({ trusted: z.boolean(), apps: z.array(AxAppSchema) });
export const AxDoneSchema = z.object({ done: z.literal(true) });
export const AxCloseResultSchema = z.object({ closed: z.boolean() });
export const AxTextResultSchema = z.object({ text: z.string() });

/** Every method the TypeScript side calls; a test checks that ax-helper.js handles each. */
export const AX_METHODS = ['windows', 'tree', 'children', 'perform', 'setValue', 'setNumber', 'setBool', 'readText', 'activate', 'close'] as const;
