/** Keyboard and pointer input through nut-js (synthesised OS input: SendInput, CGEvent). */
import type { KeyInput, Rect } from '../probe.js';
import { keyIndex, parseChord } from './keys.js';
import type { NutApi } from './nativeModules.js';

export class DesktopInput {
  private readonly keys: Map<string, string>;

  constructor(private readonly nut: NutApi) {
    this.keys = keyIndex(nut.Key);
    // nut's default inter-key delay is tuned for visible demos; agents want it quick but not 0,
    // which drops keys in some Win32 edit controls (unverified: taken from nut's own default of 300).
    nut.keyboard.config.autoDelayMs = 10;
  }

  /** Checks every chord before anything is pressed, so a typo never half-applies a sequence. */
  validate(input: KeyInput): void {
    if ('keys' in input) for (const chord of input.keys) parseChord(chord, this.keys);
  }

  async send(input: KeyInput): Promise<void> {
    this.validate(input);
    if ('text' in input) {
      if (input.text.length > 0) await this.nut.keyboard.type(input.text);
      return;
    }
    for (const chord of input.keys) await this.pressChord(chord);
  }

  async clickAt(bounds: Rect): Promise<void> {
    const x = Math.round(bounds.x + bounds.width / 2);
    const y = Math.round(bounds.y + bounds.height / 2);
    await this.nut.mouse.setPosition(new this.nut.Point(x, y));
    await this.nut.mouse.leftClick();
  }

  private async pressChord(chord: string): Promise<void> {
    const codes = parseChord(chord, this.keys).keys.map((name) => this.nut.Key[name] as number);
    try {
      await this.nut.keyboard.pressKey(...codes);
    } finally {
      // Release in reverse order, as a person would; always, so no modifier stays stuck down.
      await this.nut.keyboard.releaseKey(...[...codes].reverse());
    }
  }
}
