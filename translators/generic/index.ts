/**
 * The generic translator: the fallback for every window no plugin claims, good on any app. It
 * reads what a user sees — texts, labelled fields, tables and lists, notices, buttons and menus —
 * and offers the window actions those make possible. It is made entirely of the reading kit
 * (src/translate/kit), which the SDK module publishes to every translator.
 */
export { genericActions, genericTranslator, translateGeneric } from '../../src/sdk/translate.js';
