/**
 * What the UI Automation helper (uia-helper.ps1) answers, checked with zod at the boundary.
 * Trees travel as a flat list (`i` = index, `p` = parent index, -1 for roots) because
 * ConvertTo-Json cannot nest deeper than 100 levels and is slow on deep objects.
 */
import { z } from 'zod';

export const UiaNodeSchema = z.object({
  i: z.number().int(),
  p: z.number().int(),
  ref: z.string(),
  /** ControlType.ProgrammaticName without its "ControlType." prefix: Button, Edit, DataItem, … */
  controlType: z.string(),
  name: z.string(),
  automationId: z.string(),
  className: z.string(),
  frameworkId: z.string().default(''),
  enabled: z.boolean(),
  offscreen: z.boolean(),
  focusable: z.boolean(),
  focused: z.boolean(),
  /** IsPassword: the helper never reads the value of such an element. */
  password: z.boolean(),
  /** [x, y, width, height] in screen pixels, null when the element has no rectangle. */
  bounds: z.array(z.number()).length(4).nullable(),
  helpText: z.string(),
  /** Supported control patterns: Invoke, Value, Toggle, SelectionItem, ExpandCollapse, … */
  patterns: z.array(z.string()),
  labeledBy: z.string().optional(),
  /** TogglePattern.ToggleState: On, Off, Indeterminate. */
  toggle: z.string().optional(),
  selected: z.boolean().optional(),
  /** ExpandCollapsePattern.ExpandCollapseState: Collapsed, Expanded, PartiallyExpanded, LeafNode. */
  expand: z.string().optional(),
  readOnly: z.boolean().optional(),
  /** WindowPattern.IsModal. */
  modal: z.boolean().optional(),
  range: z.object({ value: z.number(), min: z.number(), max: z.number() }).optional(),
  value: z.string().optional(),
  valueTruncated: z.boolean().optional(),
  childCount: z.number().int().optional(),
});
export type UiaNode = z.infer<typeof UiaNodeSchema>;

export const UiaTreeResultSchema = z.object({
  nodes: z.array(UiaNodeSchema),
  truncated: z.boolean(),
  timedOut: z.boolean(),
});
export type UiaTreeResult = z.infer<typeof UiaTreeResultSchema>;

export const UiaChildrenResultSchema = UiaTreeResultSchema.extend({ total: z.number().int() });

export const UiaWindowInfoSchema = z.object({
  hwnd: z.number(),
  found: z.boolean(),
  controlType: z.string().optional(),
  name: z.string().optional(),
  className: z.string().optional(),
  frameworkId: z.string().optional(),
  enabled: z.boolean().optional(),
  modal: z.boolean().optional(),
  /** GetWindow(GW_OWNER), when user32 could be bound. */
  ownerHwnd: z.number().optional(),
  ownerEnabled: z.boolean().optional(),
});
export type UiaWindowInfo = z.infer<typeof UiaWindowInfoSchema>;

export const UiaWindowsResultSchema = z.object({ windows: z.array(UiaWindowInfoSchema) });
export const UiaDoneSchema = z.object({ done: z.literal(true) });
export const UiaCloseResultSchema = z.object({ closed: z.boolean() });
export const UiaTextResultSchema = z.object({ text: z.string() });

/** Every method the TypeScript side calls; a test checks that uia-helper.ps1 handles each. */
export const UIA_METHODS = ['windows', 'tree', 'children', 'act', 'setValue', 'setRange', 'readText', 'activate', 'close'] as const;
export type UiaMethod = (typeof UIA_METHODS)[number];
