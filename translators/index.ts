/**
 * The translator registry: an explicit, ordered list. The first translator whose `match` fits a
 * window translates it; windows nobody claims get the generic translator.
 */
import type { TranslatorRegistry } from '../src/translate/registry.js';
import { demoOrdersTranslator } from './demo-orders/index.js';
import { geditTranslator } from './gedit/index.js';
import { genericTranslator } from './generic/index.js';
import { gnomeCalculatorTranslator } from './gnome-calculator/index.js';
import { gtkFileChooserTranslator } from './gtk-file-chooser/index.js';
import { libreofficeCalcTranslator } from './libreoffice-calc/index.js';
import { windowOnlyTranslator } from './window-only/index.js';
import { zenityTranslator } from './zenity/index.js';

export const registry: TranslatorRegistry = {
  // window-only first: an app translator must never be handed a tree without content.
  translators: [
    windowOnlyTranslator,
    demoOrdersTranslator,
    geditTranslator,
    gnomeCalculatorTranslator,
    gtkFileChooserTranslator,
    zenityTranslator,
    libreofficeCalcTranslator,
  ],
  fallback: genericTranslator,
};
