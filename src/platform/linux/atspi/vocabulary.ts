/**
 * AT-SPI's own vocabulary (atspi-constants.h of at-spi2-core 2.46) in the snake_case form the
 * neutral A11yNode model uses (push_button, password_text; showing, checked). The enums are
 * positional on the wire, so the order of these lists is the protocol.
 */

const ROLE_LIST = `invalid accelerator_label alert animation arrow calendar canvas check_box check_menu_item
color_chooser column_header combo_box date_editor desktop_icon desktop_frame dial dialog directory_pane
drawing_area file_chooser filler focus_traversable font_chooser frame glass_pane html_container icon
image internal_frame label layered_pane list list_item menu menu_bar menu_item option_pane page_tab
page_tab_list panel password_text popup_menu progress_bar push_button radio_button radio_menu_item
root_pane row_header scroll_bar scroll_pane separator slider spin_button split_pane status_bar table
table_cell table_column_header table_row_header tearoff_menu_item terminal text toggle_button tool_bar
tool_tip tree tree_table unknown viewport window extended header footer paragraph ruler application
autocomplete editbar embedded entry chart caption document_frame heading page section redundant_object
form link input_method_window table_row tree_item document_spreadsheet document_presentation
document_text document_web document_email comment list_box grouping image_map notification info_bar
level_bar title_bar block_quote audio video definition article landmark log marquee math rating timer
static math_fraction math_root subscript superscript description_list description_term
description_value footnote content_deletion content_insertion mark suggestion push_button_menu`;

const STATE_LIST = `invalid active armed busy checked collapsed defunct editable enabled expandable expanded
focusable focused has_tooltip horizontal iconified modal multi_line multiselectable opaque pressed
resizable selectable selected sensitive showing single_line stale transient vertical visible
manages_descendants indeterminate required truncated animated invalid_entry supports_autocompletion
selectable_text is_default visited checkable has_popup read_only`;

const RELATION_LIST = `null label_for labelled_by controller_for controlled_by member_of tooltip_for node_child_of
node_parent_of extended flows_to flows_from subwindow_of embeds embedded_by popup_for parent_window_of
description_for described_by details details_for error_message error_for`;

const words = (list: string): readonly string[] => list.split(/\s+/).filter(Boolean);

export const ROLES: readonly string[] = words(ROLE_LIST);
export const STATES: readonly string[] = words(STATE_LIST);
export const RELATIONS: readonly string[] = words(RELATION_LIST);

export function roleName(code: number): string {
  return ROLES[code] ?? `role_${code}`;
}

export function relationName(code: number): string {
  return RELATIONS[code] ?? `relation_${code}`;
}

/** Decodes AT-SPI's state set: an array of 32-bit words, bit n of word w = state 32·w + n. */
export function stateNames(words: readonly number[]): string[] {
  const out: string[] = [];
  words.forEach((word, index) => {
    for (let bit = 0; bit < 32; bit++) {
      if ((word >>> bit) & 1) out.push(STATES[index * 32 + bit] ?? `state_${index * 32 + bit}`);
    }
  });
  return out;
}

/** Converts an AT-SPI event detail or a GTK name ("accessible-name", "has-tooltip") to snake_case. */
export function snakeCase(name: string): string {
  return name.replace(/[-\s]+/g, '_').toLowerCase();
}
