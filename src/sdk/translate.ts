/**
 * `gui-bridge/translate`: the public translator SDK. Everything a translator needs —
 * declarations, the types the bridge hands it, tree helpers, the errors it throws — and the
 * reading kit: the generic translator's readers and block builders, which app translators build on
 * (translators/README.md, "The reading kit"). The app translators of this repository import
 * through this module too, so the kit is exactly what they use.
 */

// zod, the very copy the bridge converts input schemas with: declare `input` and `output` with it.
export { z } from 'zod';

// Declarations and the types a translator receives.
export { defineAction, defineAppAction, defineTranslator } from '../translate/define.js';
export type {
  ActionContext,
  ActionDef,
  ActionKind,
  ActionOutcome,
  AppActionDef,
  AppMatch,
  AppView,
  BlockDraft,
  LiveWindow,
  StateReader,
  TranslateContext,
  TranslatorDef,
  WaitOptions,
  WindowFacts,
  WindowMatch,
  WindowView,
} from '../translate/types.js';
export type { A11yNode, AppInfo, KeyInput, WindowTree } from '../platform/probe.js';
export { acceptsKeys, isWindowOnly, SENSITIVE_MASK, WINDOW_ONLY } from '../platform/probe.js';
export type { Block, Severity } from '../protocol/schemas.js';

// Errors: `BridgeError('validation_failed', message, { fields })` → the client sees `extra.fields`.
export { BridgeError, isBridgeError, type ErrorCode, type FieldError } from '../protocol/errors.js';
export { slugify } from '../protocol/names.js';

// Common actions and action helpers.
export {
  CHORDS_INPUT,
  closeAction,
  closeDiscardingAction,
  focusAction,
  newModalOf,
  NO_INPUT,
  requireWindow,
  typeKeysAction,
  waitForNode,
  waitForVisibleEffect,
} from '../translate/commonActions.js';

// Tree helpers, text repair, the one memo.
export { findAll, findFirst, hasState, indexByRef, isEnabled, labelOf, relationTargets, textOf } from '../translate/tree.js';
export { cleanText, oneLine, repairName } from '../translate/text.js';
export { readOnce } from '../translate/readOnce.js';

// The reading kit: the readers, block builders and actions the generic translator is made of.
export { readGeneric, readWindow, type GenericReading } from '../translate/kit/reading.js';
export type { Button, Collection, Field, FieldKind, MenuEntry, Notice, Option, TabStrip, WindowReading } from '../translate/kit/model.js';
export type { MessageKind } from '../translate/kit/notices.js';
export { buildBlocks, collectionBlock, documentBlock, isCut, isDocument, PREVIEW_CHARS, PREVIEW_ROWS } from '../translate/kit/blocks.js';
export { controlLabel, hintOf } from '../translate/kit/labels.js';
export { listsInReverse } from '../translate/kit/layout.js';
export { namesEnum } from '../translate/kit/actions/shared.js';
export { rowsOf } from '../translate/kit/actions/load.js';
export { setFieldAction, toggleAction } from '../translate/kit/actions/fields.js';
export { selectAction } from '../translate/kit/actions/select.js';
export { genericActions, translateGeneric } from '../translate/kit/genericView.js';
export { genericTranslator } from '../translate/kit/genericTranslator.js';
export { withGenericActions } from '../translate/kit/withGeneric.js';
export { probeNotices } from '../translate/kit/probeNotices.js';
