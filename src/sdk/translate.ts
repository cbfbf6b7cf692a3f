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

// The reading kit: the generic translator's readers and block builders.
export { readGeneric, readWindow, type GenericReading } from '../../translators/generic/reading.js';
export type { Button, Collection, Field, FieldKind, MenuEntry, Notice, Option, TabStrip, WindowReading } from '../../translators/generic/model.js';
export type { MessageKind } from '../../translators/generic/notices.js';
export { buildBlocks, collectionBlock, documentBlock, isCut, isDocument, PREVIEW_CHARS, PREVIEW_ROWS } from '../../translators/generic/blocks.js';
export { controlLabel, hintOf } from '../../translators/generic/labels.js';
export { listsInReverse } from '../../translators/generic/layout.js';
export { namesEnum } from '../../translators/generic/actions/shared.js';
export { rowsOf } from '../../translators/generic/actions/load.js';
export { setFieldAction, toggleAction } from '../../translators/generic/actions/fields.js';
export { selectAction } from '../../translators/generic/actions/select.js';
export { genericActions, genericTranslator, translateGeneric } from '../../translators/generic/index.js';
export { withGenericActions } from '../../translators/shared/withGeneric.js';
export { probeNotices } from '../../translators/shared/probeNotices.js';
