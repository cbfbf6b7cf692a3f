/**
 * Translator for the built-in demo app ("Orders Demo"). It reads the demo's accessibility trees
 * like any app's: roles, labels, relations, states. Nothing here knows the demo's internals.
 */
import { defineTranslator } from '../../src/sdk/translate.js';
import type { A11yNode, WindowFacts, WindowView } from '../../src/sdk/translate.js';
import { demoAppActions } from './appActions.js';
import { translateConfirm } from './confirmDialog.js';
import { translateOrderEditor } from './orderEditor.js';
import { translatePreferences } from './preferences.js';
import { translateReport } from './report.js';

function translate(window: WindowFacts, root: A11yNode): WindowView {
  if (window.title.startsWith('Confirm order')) return translateConfirm(root);
  if (window.title === 'Preferences') return translatePreferences(root);
  if (window.title.startsWith('Report Details')) return translateReport(root);
  return translateOrderEditor(window, root);
}

export const demoOrdersTranslator = defineTranslator({
  id: 'demo-orders',
  match: { appId: 'org.guibridge.OrdersDemo' },
  translate: (window, tree) => translate(window, tree.root),
  appActions: demoAppActions,
  notes: 'This is the built-in Orders demo. Fill an order with edit_field, then submit and confirm it; reports hold 50,000 rows: read them with load_rows.',
});
