/** Window screenshots over Composite + GetImage, encoded as PNG without native code. */
export { WindowCapturer, type Screenshot } from './capture.js';
export { encodePng, type RawImage } from './png.js';
export { zpixmapToRgb, type ZPixmap } from './pixels.js';
