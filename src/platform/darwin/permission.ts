/** The words macOS users need when GUI Bridge cannot read windows. */

/**
 * Shown on every window while AXIsProcessTrusted() is false. macOS grants the permission to the
 * app that started GUI Bridge (the terminal or editor running node), not to node or osascript.
 */
export const PERMISSION_NOTICE =
  'macOS has not given GUI Bridge the Accessibility permission, so the content of this window cannot be read or operated. ' +
  'To grant it: open System Settings › Privacy & Security › Accessibility, enable the app that runs GUI Bridge ' +
  '(your terminal such as Terminal or iTerm, or the editor or app that started node; add it with "+" if it is not listed), ' +
  'then restart GUI Bridge. Screenshots additionally need Screen Recording permission in the same place. ' +
  'Until then only the window title, a screenshot and keyboard input are available.';
