/**
 * What the pixels of a window's regions showed: its own module, because both the reader that makes
 * it (pixelText.ts) and the click_text action that uses it (clickText.ts) need it.
 */
import type { OcrLine } from '../platform/ocr/layout.js';
import type { OpaqueRegion } from '../platform/ocr/regions.js';

/** What one region showed, in the window's pixels. */
export interface RegionText {
  region: OpaqueRegion;
  /** Of the region's pixels (password fields blanked). */
  hash: string;
  lines: OcrLine[];
  text: string;
  confidence: number;
}

export interface PixelReading {
  regions: RegionText[];
  /** Why nothing could be read (the engine is not installed, the capture failed). */
  problem?: string;
}
