/**
 * Text from pixels: for a window the platform reads nothing of (window-only), and for the opaque
 * regions of a readable window (a terminal, a drawing area the app paints: platform/ocr/regions.ts),
 * the bridge reads the text its picture shows (OCR) and adds it as text blocks with a notice that
 * it is approximate, uses it in the summary, and offers `click_text`. A region is read again only
 * when its pixels changed (a hash of the cut-out region, looked at on every read of the window:
 * change events, and the bridge's re-reads while an action settles). The engine is loaded on the
 * first window that needs it; a window without such regions is never captured for this.
 */
import type * as Crypto from 'node:crypto';
import type { OcrEngine, OcrResult } from '../platform/ocr/engine.js';
import { blank, toGrey } from '../platform/ocr/image.js';
import { readText } from '../platform/ocr/read.js';
import { groupLines, layoutText } from '../platform/ocr/layout.js';
import { opaqueCandidates, placeRegions, toWindow, type OpaqueRegion } from '../platform/ocr/regions.js';
import { acceptsKeys, isWindowOnly, WINDOW_ONLY, type A11yNode, type Probe, type Rect } from '../platform/probe.js';
import { typeKeysAction } from '../translate/commonActions.js';
import { defineAction } from '../translate/define.js';
import type { ActionDef, BlockDraft, WindowFacts, WindowView } from '../translate/types.js';
import { lazyBuiltin } from '../util/lazyBuiltin.js';
import type { Logger } from '../util/logger.js';
import { decodePng } from '../util/pngDecode.js';
import { clickTextAction } from './clickText.js';
import type { PixelReading, RegionText } from './pixelReading.js';

const crypto = lazyBuiltin<typeof Crypto>('node:crypto');

/** Its availability is decided here, on the tree root: a translator's reading is no tree. */
const TYPE_KEYS: ActionDef = defineAction({ ...typeKeysAction, available: undefined });

/** Readings kept per region, by pixel hash: a blinking caret alternates between two pictures. */
const KEPT_PER_REGION = 4;
const PREVIEW_CHARS = 160;
/** Looks at a window whose pixels are still changing (pollWhileChanging). */
const MAX_LOOKS = 5;
const LOOK_AGAIN_MS = 700;

export interface PixelTarget {
  facts: WindowFacts;
  root: A11yNode;
  /** The tree was just read: look at the pixels again. */
  fresh: boolean;
}

export class PixelTextReader {
  readonly clickText: ActionDef;
  private engine: Promise<OcrEngine> | null = null;
  private readonly last = new Map<string, PixelReading>();
  private readonly byHash = new Map<string, Map<string, RegionText>>();
  /** Per window: the pixel hashes of its last reading, and how many looks in a row found them new. */
  private readonly settling = new Map<string, { hashes: string; looks: number; timer?: NodeJS.Timeout }>();

  /**
   * `lookAgain` asks for a fresh read of a window (its native id): the bridge's sync. `regions`:
   * also read the opaque regions of readable windows (see BridgeOptions.ocrRegions).
   */
  constructor(
    private readonly probe: Probe,
    private readonly log: Logger,
    private readonly lookAgain: (nativeId: string) => void = () => undefined,
    private readonly regions = false,
  ) {
    this.clickText = clickTextAction((winId) => this.last.get(winId));
  }

  /** Whether the OCR engine was ever loaded (benchmarks: none on an accessible desktop). */
  get engineLoaded(): boolean {
    return this.engine !== null;
  }

  /** Whether text read from pixels is part of this window's content now. */
  shows(winId: string): boolean {
    return (this.last.get(winId)?.regions.length ?? 0) > 0;
  }

  async decorate(view: WindowView, target: PixelTarget): Promise<WindowView> {
    const winId = target.facts.winId;
    const reading = target.fresh ? await this.read(target) : this.last.get(winId);
    if (!reading) {
      this.last.delete(winId);
      return view;
    }
    this.last.set(winId, reading);
    if (target.fresh) this.pollWhileChanging(target.facts.nativeId, winId, reading);
    return withPixelText(view, reading, target.facts, this.clickText, acceptsKeys(target.root));
  }

  /**
   * No event says when an app has drawn (a window just mapped, output still arriving): while a
   * window's pixels keep changing from one look to the next, look again a moment later, at most
   * `MAX_LOOKS` times in a row; a look that finds them unchanged ends it. A blinking caret ends at
   * the bound; a change event or an action starts it again.
   */
  private pollWhileChanging(nativeId: string, winId: string, reading: PixelReading): void {
    const hashes = reading.regions.map((r) => r.hash).join(' ');
    const previous = this.settling.get(winId);
    if (previous?.timer) clearTimeout(previous.timer);
    const still = previous !== undefined && previous.hashes === hashes;
    const state: { hashes: string; looks: number; timer?: NodeJS.Timeout } = { hashes, looks: still ? 0 : (previous?.looks ?? 0) + 1 };
    if (!still && state.looks <= MAX_LOOKS && reading.regions.length > 0) {
      state.timer = setTimeout(() => this.lookAgain(nativeId), LOOK_AGAIN_MS);
      state.timer.unref();
    }
    this.settling.set(winId, state);
  }

  forget(winId: string): void {
    const settling = this.settling.get(winId);
    if (settling?.timer) clearTimeout(settling.timer);
    this.settling.delete(winId);
    this.last.delete(winId);
    for (const key of this.byHash.keys()) if (key.startsWith(`${winId}:`)) this.byHash.delete(key);
  }

  async close(): Promise<void> {
    for (const s of this.settling.values()) if (s.timer) clearTimeout(s.timer);
    this.settling.clear();
    const engine = this.engine;
    this.engine = null;
    if (engine) await (await engine.catch(() => null))?.close();
  }

  private async read(target: PixelTarget): Promise<PixelReading | undefined> {
    const { facts, root } = target;
    const capture = this.probe.capture?.bind(this.probe);
    if (!capture) return undefined;
    // A window whose accessible is still on its way is read from the tree in a moment.
    if (root.attributes?.[WINDOW_ONLY.pending] === 'true') return undefined;
    const wholeWindow = isWindowOnly(root);
    if (!wholeWindow && !this.regions) return undefined;
    const found = wholeWindow ? { candidates: [], secretRefs: [] } : opaqueCandidates(root);
    // Nothing opaque: no extents read, no capture, no engine (an accessible window costs nothing).
    if (!wholeWindow && (found.candidates.length === 0 || !facts.bounds || !this.probe.readBounds)) return undefined;
    const refs = [...found.candidates.flatMap((c) => [c.ref, ...c.childRefs]), ...found.secretRefs];
    const extents = refs.length > 0 && this.probe.readBounds ? await this.probe.readBounds(refs) : [];
    const boundsOf = (ref: string) => extents[refs.indexOf(ref)] ?? null;
    let image: ReturnType<typeof decodePng>;
    try {
      image = decodePng(await capture(facts.nativeId));
    } catch (error) {
      return wholeWindow ? { regions: [], problem: `its picture could not be taken (${error instanceof Error ? error.message : String(error)})` } : undefined;
    }
    const window = facts.bounds ?? { x: 0, y: 0, width: image.width, height: image.height };
    const regions: OpaqueRegion[] = wholeWindow
      ? [{ box: { x: 0, y: 0, width: image.width, height: image.height }, label: 'window' }]
      : placeRegions(found.candidates, boundsOf, window, image);
    if (regions.length === 0) return undefined;
    const secrets = found.secretRefs.flatMap((ref) => {
      const screen = boundsOf(ref);
      const box = screen && toWindow(screen, window, image);
      return box ? [box] : [];
    });
    try {
      return { regions: await Promise.all(regions.map((region) => this.readRegion(facts.winId, image, region, secrets))) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.warn('text from pixels failed', { winId: facts.winId, error: message });
      return { regions: [], problem: message };
    }
  }

  private async readRegion(winId: string, image: ReturnType<typeof decodePng>, region: OpaqueRegion, secrets: Rect[]): Promise<RegionText> {
    const grey = toGrey(image, region.box);
    // Password fields are blanked before anything is hashed or read (P-SENS-1).
    blank(
      grey,
      secrets.map((s) => ({ ...s, x: s.x - region.box.x, y: s.y - region.box.y })),
    );
    const key = `${winId}:${region.ref ?? 'window'}`;
    const hash = crypto().createHash('sha1').update(grey.pixels).update(`${grey.width}x${grey.height}`).digest('hex');
    const kept = this.byHash.get(key) ?? new Map<string, RegionText>();
    this.byHash.set(key, kept);
    const known = kept.get(hash);
    if (known) {
      // Most recent last: the oldest reading is the one dropped.
      kept.delete(hash);
      kept.set(hash, { ...known, region });
      return kept.get(hash) as RegionText;
    }
    const text = { ...toRegionText(region, await readText(await this.loadEngine(), grey)), hash };
    kept.set(hash, text);
    if (kept.size > KEPT_PER_REGION) kept.delete(kept.keys().next().value as string);
    return text;
  }

  private loadEngine(): Promise<OcrEngine> {
    this.engine ??= import('../platform/ocr/engine.js').then(({ OcrEngine }) => new OcrEngine());
    return this.engine;
  }
}

function toRegionText(region: OpaqueRegion, result: OcrResult): Omit<RegionText, 'hash'> {
  const words = result.words.map((w) => ({ ...w, box: { ...w.box, x: w.box.x + region.box.x, y: w.box.y + region.box.y } }));
  const lines = groupLines(words);
  return { region, lines, text: layoutText(lines), confidence: result.confidence };
}

function blockId(region: OpaqueRegion, index: number): string {
  return region.label === 'window' ? 'pixels-text' : `pixels-${region.label.replace(/ /g, '-')}-${index + 1}`;
}

/** The view with the text read from pixels: a notice, one text block per region, the summary, click_text. */
export function withPixelText(view: WindowView, reading: PixelReading, facts: WindowFacts, clickText?: ActionDef, keys = true): WindowView {
  if (reading.problem) {
    const text = `Text could not be read from this window's pixels: ${reading.problem}.`;
    return { ...view, blocks: [...view.blocks, { type: 'notice', id: 'pixels', severity: 'warn', text }] };
  }
  const read = reading.regions.filter((r) => r.text);
  const words = read.flatMap((r) => r.lines.flatMap((l) => l.words));
  const confidence = words.length ? Math.round(words.reduce((sum, w) => sum + w.confidence, 0) / words.length) : 0;
  const where = read.map((r, i) => (r.region.label === 'window' ? 'the window' : `the ${r.region.label} (block ${blockId(r.region, i)})`)).join(', ');
  const notice: BlockDraft = {
    type: 'notice',
    id: 'pixels',
    severity: 'info',
    text:
      words.length === 0
        ? 'No text could be read from the pixels of this window.'
        : `Text read from the pixels of ${where} by OCR, mean confidence ${confidence}%: approximate. Letters may be misread or missing; colours, styles, ` +
          'the state of controls (checked, disabled, focused) and text that is hidden, covered or in password fields cannot be known from pixels. ' +
          'click_text clicks text as shown.',
  };
  const blocks: BlockDraft[] = read.map((r, i) => ({ type: 'text', id: blockId(r.region, i), text: r.text }));
  const preview = (text: string) => {
    const flat = text.replace(/\s+/g, ' ').trim();
    return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1)}…` : flat;
  };
  const whole = read.find((r) => r.region.label === 'window');
  const summary = whole
    ? `${facts.modal ? 'Dialog' : 'Window'} "${facts.title}" of ${facts.app.name}: its content cannot be read through accessibility; its text, read from pixels (approximate): "${preview(whole.text)}"`
    : [view.summary, ...read.map((r) => `Its ${r.region.label} shows (read from pixels, approximate): "${preview(r.text)}"`)].join(' ');
  // A terminal or page read from pixels takes typing at the keyboard focus, like a window-only
  // window: the translator's own type_text (offered only beside text fields) gives way to it.
  const typing = !whole && keys;
  const actions = view.actions.filter((a) => !typing || a.name !== TYPE_KEYS.name);
  if (typing) actions.push(TYPE_KEYS);
  if (words.length > 0 && clickText) actions.push(clickText);
  return { summary: words.length ? summary : view.summary, blocks: [...view.blocks, notice, ...blocks], actions };
}
