/** Role families of the platform-neutral tree (AT-SPI vocabulary, snake_case). */
export const BUTTON_ROLES = new Set(['push_button', 'toggle_button', 'button', 'link', 'push_button_menu', 'menu_button']);
export const TOGGLE_ROLES = new Set(['check_box', 'radio_button', 'switch']);
export const TEXT_INPUT_ROLES = new Set(['text', 'entry', 'password_text', 'editbar', 'terminal', 'search_box']);
export const NUMBER_ROLES = new Set(['spin_button', 'slider', 'dial']);
/** Controls that show a value nobody types: gauges, and calendars whose date is not exposed. */
export const DISPLAY_ROLES = new Set(['progress_bar', 'level_bar', 'calendar', 'date_editor']);
export const TABLE_ROLES = new Set(['table', 'tree_table']);
export const LIST_ROLES = new Set(['list', 'list_box', 'tree']);
export const TEXT_ROLES = new Set(['label', 'static', 'heading', 'paragraph', 'caption', 'description_term', 'description_value', 'block_quote', 'comment']);
/** Pages of a document viewer: their text content is the page text (evince). */
export const PAGE_ROLES = new Set(['page']);
export const NOTICE_ROLES = new Set(['info_bar', 'alert', 'notification', 'status_bar']);
/** Never content: chrome and decoration (their subtrees are skipped). */
export const DECORATIVE_ROLES = new Set([
  'separator',
  'scroll_bar',
  'tool_tip',
  'animation',
  'image',
  'icon',
  'desktop_icon',
  'redundant_object',
  'accelerator_label',
  'ruler',
  'title_bar',
]);
export const MENU_ITEM_ROLES = new Set(['menu_item', 'check_menu_item', 'radio_menu_item', 'tearoff_menu_item']);
/** Window roles whose root makes the window a dialog. */
export const DIALOG_ROLES = new Set(['dialog', 'alert', 'file_chooser', 'color_chooser', 'font_chooser']);
