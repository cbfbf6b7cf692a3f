/**
 * The same editing sequence for every session's keyboard (sway's virtual keyboard, GNOME's
 * RemoteDesktop): clear, type, then GTK key bindings that need the keyboard's full keymap
 * (Home, End, Return), so a session that only types characters fails on the expected text.
 */
export type ToolStep = [tool: 'press_keys' | 'type_text', args: Record<string, unknown>];

export function editingSteps(typed: string): ToolStep[] {
  return [
    ['press_keys', { keys: ['ctrl+a', 'BackSpace'] }],
    ['type_text', { text: typed }],
    ['press_keys', { keys: ['Home'] }],
    ['type_text', { text: '> ' }],
    ['press_keys', { keys: ['End', 'Return'] }],
    ['type_text', { text: 'done' }],
  ];
}

/** The document text after editingSteps, as it appears inside the state's JSON. */
export function editedText(typed: string): string {
  return JSON.stringify(`> ${typed}\ndone`).slice(1, -1);
}
