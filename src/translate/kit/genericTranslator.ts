/**
 * The generic translator's definition: the fallback for every window no plugin claims, made of
 * the kit's reader (reading.ts), view (genericView.ts) and app actions (appActions.ts). It is
 * defined here, below the SDK module, because the SDK publishes it for plugins that fall back to
 * it; translators/generic registers it like any other plugin.
 */
import { defineTranslator } from '../define.js';
import { genericAppActions } from './appActions.js';
import { translateGeneric } from './genericView.js';
import { readGeneric } from './reading.js';

export const genericTranslator = defineTranslator({
  id: 'generic',
  match: {},
  read: (_window, tree) => readGeneric(tree.root),
  translate: (window, _tree, ctx, reading) => translateGeneric(window, reading, ctx),
  appActions: genericAppActions,
});
