/**
 * The demo app with screenshots (`--screenshots`) behind a real bridge and the Streamable HTTP
 * server, for the media-path tests and bench/screenshot-bytes.ts. The demo platform has no
 * pixels, so `capture` draws a window-sized picture: a light background, a title bar and rows of
 * "text" (runs of dark pixels that change with the window's content), about what a small dialog's
 * PNG weighs.
 */
import { createServer } from 'node:net';
import { Bridge } from '../../src/bridge/bridge.js';
import { MEDIA_PATH, type ScreenshotOptions } from '../../src/bridge/screenshots.js';
import { openDemoProbe } from '../../src/platform/demo/probe.js';
import type { Probe } from '../../src/platform/probe.js';
import { encodePng } from '../../src/platform/linux/capture/png.js';
import { SessionHub } from '../../src/server/hub.js';
import { startHttpServer, type RunningHttpServer } from '../../src/server/http.js';
import { silentLogger } from '../../src/util/logger.js';
import { registry } from '../../translators/index.js';

export interface ScreenshotServer {
  bridge: Bridge;
  http: RunningHttpServer;
  /** How many pictures were taken. */
  captures(): number;
  close(): Promise<void>;
}

/** A picture of `width`×`height` whose "text" rows depend on `seed`. */
export function windowPicture(width: number, height: number, seed: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3, 0xf2);
  let state = seed * 2654435761;
  const random = () => ((state = (state * 1103515245 + 12345) >>> 0) >>> 16) / 65536;
  for (let y = 0; y < height; y++) {
    const titleBar = y < 28;
    const textRow = !titleBar && y % 22 > 6 && y % 22 < 17;
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      if (titleBar) pixels.fill(0x3c, at, at + 3);
      else if (textRow && x > 12 && x < width - 12 && random() < 0.35) pixels.fill(0x20 + Math.floor(random() * 60), at, at + 3);
    }
  }
  return encodePng({ width, height, channels: 3, pixels });
}

/** A free loopback port: the media URLs name the port before the first read. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface ScreenshotServerOptions {
  urls?: ScreenshotOptions['urls'] | 'none';
  token?: string;
  /** The app: the demo by default. Its pictures follow what `contentOf` says is in a window. */
  probe?: Probe;
  contentOf?: (nativeId: string) => unknown;
}

export async function startScreenshotServer(options: ScreenshotServerOptions = {}): Promise<ScreenshotServer> {
  const urls = options.urls ?? 'http';
  const port = await freePort();
  const demo = options.probe ? undefined : await openDemoProbe({ effectDelayMs: 5 });
  const probe = options.probe ?? (demo as Probe);
  const contentOf = options.contentOf ?? ((nativeId: string) => demo?.app.windows.get(nativeId)?.content ?? null);
  let captures = 0;
  if (urls !== 'none') {
    Object.assign(probe, {
      capture: async (nativeId: string) => {
        captures++;
        return windowPicture(420, 360, JSON.stringify(contentOf(nativeId)).length);
      },
    });
  }
  const screenshotOptions: ScreenshotOptions = {
    urls: urls === 'none' ? 'file' : urls,
    maxEdge: 1280,
    maxBytes: 1_000_000,
    mediaBase: `http://127.0.0.1:${port}${MEDIA_PATH}`,
  };
  const bridge = await Bridge.start({ probe, registry, log: silentLogger, screenshots: urls !== 'none', screenshotOptions });
  const hub = new SessionHub(bridge, silentLogger);
  const http = await startHttpServer(hub, { port, ...(options.token ? { token: options.token } : {}) });
  return {
    bridge,
    http,
    captures: () => captures,
    close: async () => {
      await http.close();
      hub.close();
      await bridge.close();
    },
  };
}
