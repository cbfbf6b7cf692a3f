/**
 * Where the HTTP server serves the current screenshots (bridge/screenshots.ts makes the URLs,
 * server/http.ts answers them). Its own module: `serve`'s option parsing names it without loading
 * the bridge.
 */
export const MEDIA_PATH = '/media';
