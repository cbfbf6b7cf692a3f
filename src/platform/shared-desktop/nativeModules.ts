/**
 * The small slices of the two optional native packages the Windows and macOS probes use, as
 * interfaces (so unit tests can fake them), and their lazy loaders. Both packages are optional
 * dependencies: they are imported only on their platform, never at module load, so installing and
 * testing on Linux works without them (node-window-manager does not even build there).
 *
 * Shapes are taken from the packages' own declarations: node-window-manager 2.2.4
 * `dist/index.d.ts` + `dist/classes/window.d.ts`; @nut-tree-fork/nut-js 4.2.6 `dist/index.d.ts`,
 * `lib/keyboard.class.d.ts`, `lib/mouse.class.d.ts`, `lib/screen.class.d.ts`.
 */

export interface NwmRectangle {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
}

/** node-window-manager `Window`: `id` is the HWND on Windows and the CGWindowID on macOS. */
export interface NwmWindow {
  id: number;
  processId: number;
  /** Executable path (Windows) or application bundle path (macOS). */
  path: string;
  /** Windows: the window text. macOS: kCGWindowOwnerName, i.e. the application name (!). */
  getTitle(): string;
  getBounds(): NwmRectangle;
  /** Windows: IsWindowVisible. macOS: always true (only on-screen windows are listed). */
  isVisible(): boolean;
  bringToTop(): void;
  restore(): void;
  /** Windows: GWLP_HWNDPARENT as a Window (id 0 = no owner). macOS: undefined. */
  getOwner(): NwmWindow | undefined;
}

export interface WindowManagerApi {
  getWindows(): NwmWindow[];
  /** May be undefined (macOS returns nothing when no app is active). */
  getActiveWindow(): NwmWindow | undefined;
}

export interface NutRegion {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface NutPoint {
  x: number;
  y: number;
}

/** The parts of @nut-tree-fork/nut-js used for input and screenshots. */
export interface NutApi {
  keyboard: {
    config: { autoDelayMs: number };
    type(...input: string[]): Promise<unknown>;
    pressKey(...keys: number[]): Promise<unknown>;
    releaseKey(...keys: number[]): Promise<unknown>;
  };
  mouse: {
    setPosition(target: NutPoint): Promise<unknown>;
    leftClick(): Promise<unknown>;
  };
  screen: {
    /** Writes `<filePath>/<fileName><fileFormat>` and resolves with its full path. */
    captureRegion(fileName: string, region: NutRegion, fileFormat?: string, filePath?: string): Promise<string>;
  };
  /** The `Key` enum: key name → numeric code, plus the reverse mapping TypeScript enums carry. */
  Key: Record<string, string | number>;
  Region: new (left: number, top: number, width: number, height: number) => NutRegion;
  Point: new (x: number, y: number) => NutPoint;
  FileType: { PNG: string };
}

export type Loaded<T> = { ok: true; api: T } | { ok: false; reason: string };

export const WINDOW_MANAGER_PACKAGE = 'node-window-manager';
export const NUT_PACKAGE = '@nut-tree-fork/nut-js';

/**
 * Imports a package by a name TypeScript does not resolve at compile time (it may be missing).
 * CommonJS packages arrive as a namespace whose `default` is `module.exports`.
 */
async function importOptional(name: string): Promise<Record<string, unknown>> {
  const specifier: string = name;
  const namespace = (await import(specifier)) as Record<string, unknown>;
  const fallback = namespace.default;
  return fallback && typeof fallback === 'object' ? { ...(fallback as Record<string, unknown>), ...namespace } : namespace;
}

function missingFunctions(target: unknown, paths: string[]): string[] {
  return paths.filter((path) => {
    let value: unknown = target;
    for (const part of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    return typeof value !== 'function';
  });
}

async function load<T>(name: string, functions: string[], pick: (ns: Record<string, unknown>) => unknown): Promise<Loaded<T>> {
  try {
    const api = pick(await importOptional(name));
    const missing = missingFunctions(api, functions);
    if (missing.length > 0) return { ok: false, reason: `${name} lacks ${missing.join(', ')} (unsupported version?)` };
    return { ok: true, api: api as T };
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    // Optional peer dependencies (package.json): never installed on Linux, added by hand elsewhere.
    return {
      ok: false,
      reason: `${name} could not be loaded (${message}); it is an optional peer dependency for Windows and macOS: npm install -g gui-bridge @nut-tree-fork/nut-js node-window-manager (docs/platforms.md)`,
    };
  }
}

/** node-window-manager's `windowManager` singleton. */
export function loadWindowManager(): Promise<Loaded<WindowManagerApi>> {
  return load<WindowManagerApi>(WINDOW_MANAGER_PACKAGE, ['getWindows', 'getActiveWindow'], (ns) => ns.windowManager);
}

export function loadNut(): Promise<Loaded<NutApi>> {
  return load<NutApi>(
    NUT_PACKAGE,
    ['keyboard.type', 'keyboard.pressKey', 'keyboard.releaseKey', 'mouse.setPosition', 'mouse.leftClick', 'screen.captureRegion', 'Region', 'Point'],
    (ns) => ns,
  );
}
