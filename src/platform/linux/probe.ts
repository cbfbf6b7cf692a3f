/**
 * The Linux probe: X11 (windows, owners, modality, input, screenshots) + AT-SPI (applications,
 * trees, primitives) composed behind the platform-neutral Probe interface. Operability is never
 * left to the platform: AT-SPI ignores modality, the bridge enforces it.
 */
import type { KeyInput, Probe, ProbeFactory, Rect, SetTextOptions, TreeBudget, TreeReadRequest, WindowTree } from '../probe.js';
import { AtspiProbe, type ProbeTopology } from './atspiProbe.js';
import { AtspiAccess, AtspiError, type IncrementalStats } from './atspi/index.js';
import type { AtspiApplication } from './atspi/apps.js';
import { readBounds } from './atspi/nodeReader.js';
import { parseRef, type ObjRef } from './atspi/refs.js';
import { WindowCapturer } from './capture/index.js';
import { ChangeFeed } from './changeFeed.js';
import { selectItem } from './comboSelect.js';
import { mapsAccessibilityBridge } from './a11yLibraries.js';
import { PairingWatch } from './pairing.js';
import { GtkActions, gtkEndpoint, type GtkAppEndpoint } from './gactions.js';
import { XTestInput } from './input/index.js';
import { windowOnlyTree } from '../shared-desktop/windowOnly.js';
import type { AppActionsByBus, LinuxWindow } from './topology.js';
import { X11WindowSource } from './windowSource.js';
import { X11Connection, type X11Window } from './x11/index.js';

export interface LinuxProbeOptions {
  /** Environment naming the display and buses (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /**
   * Screen capture: true holds Composite redirection from the start (screenshots of every
   * window); 'on-demand' (the default) starts it when a window is first captured (a window only
   * its pixels show); false never captures.
   */
  capture?: boolean | 'on-demand';
}

const NO_ACCESSIBLE =
  'This window exposes no accessibility information (its toolkit has no AT-SPI support, or accessibility is off for it): only its title and keyboard input are available.';

const PENDING = "This window's accessible has not appeared yet (the application is still building it): its content will be read as soon as it does.";

function busDown(reason: string): string {
  return `The accessibility bus is unavailable (${reason}): this window's content cannot be read until it is back.`;
}

export class ProbeUnavailableError extends Error {
  override name = 'ProbeUnavailableError';
}

/** Made by `openLinuxProbe`. Windows come from the X11/EWMH window source (windowSource.ts). */
export class LinuxProbe extends AtspiProbe<LinuxWindow> implements Probe {
  /**
   * Short: a change is read incrementally in a few milliseconds (atspi/incremental.ts). Storms (a
   * file chooser opening: 600–880 signals in 150 ms) coalesce while a read runs, and more than a
   * few dozen touched objects make one full read.
   */
  override readonly settleMs = 2;
  /** Whether a change re-reads only what its events touched. */
  private readonly incrementalReads = true;
  private readonly endpoints = new Map<string, GtkAppEndpoint>();
  private input: XTestInput | null = null;
  private readonly pairing: PairingWatch;

  private readonly source: X11WindowSource;

  constructor(
    private readonly x11: X11Connection,
    atspi: AtspiAccess,
    feed: ChangeFeed,
    private readonly gtk: GtkActions,
    private capturer: Promise<WindowCapturer> | 'on-demand' | null,
  ) {
    super(atspi, feed);
    this.source = new X11WindowSource(x11, (windows, apps) => this.appActions(windows, apps));
    this.pairing = new PairingWatch({
      retry: () => feed.markWindows(),
      paired: (ids) => feed.markContent(ids, 'window paired'),
      accessible: (w) => mapsAccessibilityBridge(w.x11.pid),
    });
    // An application that stops or starts answering again: its windows' notices change.
    atspi.onResponsiveness((bus) => {
      feed.markWindows();
      feed.markContent(
        this.topology.windows.filter((w) => w.native.appKey === bus).map((w) => w.native.nativeId),
        'responsiveness',
      );
    });
  }

  /** Called once if the X display goes away (its server died). */
  onDisplayLost(listener: (message: string) => void): void {
    this.feed.displayLost.once('lost', listener);
  }

  async readTree(nativeId: string, budget: TreeBudget, request: TreeReadRequest = {}): Promise<WindowTree> {
    const window = this.window(nativeId);
    if (!this.atspi.health.ok) return windowOnlyTree({ window: window.native, reason: busDown(this.atspi.health.message) });
    if (!window.ref) {
      // Not paired yet, still being looked at: its accessible is likely on its way (an app that
      // maps its window before registering, a dialog built after mapping). Only once the retries
      // are over does the window count as exposing no accessibility.
      const pending = this.pairing.retrying(nativeId);
      return windowOnlyTree({ window: window.native, reason: pending ? PENDING : NO_ACCESSIBLE, pending });
    }
    return this.readAccessible(window.native, window.ref, budget, this.incrementalReads && !request.fresh);
  }

  /** How window reads went: incremental or full, and what the consistency checks found (benchmarks). */
  get incrementalStats(): IncrementalStats {
    return this.atspi.incrementalStats;
  }

  doAction = (ref: string, action: string) => this.atspi.primitives.doAction(ref, action);
  menuKeys = (ref: string) => this.atspi.primitives.menuKeys(ref);
  setText = async (ref: string, text: string, options?: SetTextOptions): Promise<void | 'typed' | 'committed'> => {
    try {
      return await this.atspi.setText(ref, text, options?.focusAfter);
    } catch (error) {
      if (!unsupported(error)) throw error;
      await this.typeInto(ref, text);
      return 'typed';
    }
  };
  insertText = (ref: string, text: string, offset?: number) => this.atspi.primitives.insertText(ref, text, offset);
  setValue = (ref: string, value: number) => this.atspi.primitives.setValue(ref, value);
  select = (ref: string) =>
    selectItem(this.atspi.primitives, ref, { click: (combo) => this.click(combo), pressKeys: async (keys) => (await this.keyboard()).pressKeys(keys) });

  /**
   * A text field without EditableText (Chromium's web fields): typed into as a user does. Its
   * window comes forward, the field takes the focus, its content is selected and replaced.
   */
  private async typeInto(ref: string, text: string): Promise<void> {
    await this.bringForward(ref);
    await this.atspi.primitives.focus(ref);
    const keyboard = await this.keyboard();
    await keyboard.pressKeys(['ctrl+a', 'BackSpace']);
    if (text !== '') await keyboard.typeText(text);
  }

  focus = (ref: string) => this.atspi.primitives.focus(ref);

  /** The last resort: a real pointer click at the node's centre, its window brought forward first. */
  async click(ref: string): Promise<void> {
    const { x, y } = await this.bringForward(ref);
    await (await this.keyboard()).click(x, y);
  }

  /** A real pointer double-click at the node's centre (what opens an item in most views). */
  async doubleClick(ref: string): Promise<void> {
    const { x, y } = await this.bringForward(ref);
    await (await this.keyboard()).click(x, y, 1, 2);
  }

  /** Brings forward the window under the node's centre and returns that point. */
  private async bringForward(ref: string): Promise<{ x: number; y: number }> {
    const { x, y } = await this.screenCentre(ref);
    const under = this.topology.windows
      .filter((w) => w.x11.bounds.x <= x && x < w.x11.bounds.x + w.x11.bounds.width && w.x11.bounds.y <= y && y < w.x11.bounds.y + w.x11.bounds.height)
      .sort((a, b) => b.x11.stackIndex - a.x11.stackIndex);
    // The node's own application's window first: another app's window may cover the point.
    const bus = parseRef(ref).bus;
    const target = under.find((w) => w.native.appKey === bus) ?? under[0];
    if (target) await this.activateWindow(target.native.nativeId);
    return { x, y };
  }

  /**
   * The node's centre in root coordinates. A toolkit that places nodes only in its window (GTK 4:
   * the client asks it for window coordinates) gets its window's origin added: the X window is
   * the toolkit's surface, so the two share their origin.
   */
  private async screenCentre(ref: string): Promise<{ x: number; y: number }> {
    const target = parseRef(ref);
    const box = await readBounds(this.atspi.client, target);
    const centre = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
    if (!this.atspi.client.placesInWindow(target.bus)) return centre;
    const window = await this.windowHolding(target);
    if (!window) throw new Error('the window holding the node is not known, so its place on the screen is not either');
    return { x: centre.x + window.x11.bounds.x, y: centre.y + window.x11.bounds.y };
  }

  /** The listed window whose accessible holds the node: the app's only one, else found by the node's ancestors. */
  private async windowHolding(target: ObjRef): Promise<LinuxWindow | undefined> {
    const windows = this.topology.windows.filter((w) => w.native.appKey === target.bus && w.ref !== null);
    if (windows.length <= 1) return windows[0];
    const top = await this.atspi.events.topLevels.topLevelAmong(target, (ref) => windows.some((w) => w.ref === ref));
    return windows.find((w) => w.ref === top);
  }

  async activateWindow(nativeId: string): Promise<void> {
    await this.source.activate(this.window(nativeId));
    this.feed.markWindows();
  }

  async closeWindow(nativeId: string): Promise<void> {
    await this.source.close(this.window(nativeId));
  }

  /** XTEST input goes to the focused window: bring the target forward first (openbox may not). */
  async sendKeys(nativeId: string, input: KeyInput): Promise<void> {
    await this.activateWindow(nativeId);
    const keyboard = await this.keyboard();
    if ('text' in input) await keyboard.typeText(input.text);
    else await keyboard.pressKeys(input.keys);
  }

  async doAppAction(appKey: string, name: string): Promise<void> {
    const endpoint = this.endpoints.get(appKey);
    if (!endpoint) throw new Error(`application ${appKey} exports no GTK actions`);
    await this.gtk.activate(endpoint, name);
  }

  async capture(nativeId: string): Promise<Buffer> {
    if (!this.capturer) throw new Error('screen capture is off (serve with --screenshots)');
    if (this.capturer === 'on-demand') this.capturer = WindowCapturer.open(this.x11);
    return (await (await this.capturer).captureWindow(this.window(nativeId).x11.xid)).png;
  }

  /** AT-SPI screen coordinates are root coordinates on X11, as the windows' bounds are. */
  readBounds(refs: readonly string[]): Promise<Array<Rect | null>> {
    return Promise.all(refs.map((ref) => this.atspi.primitives.bounds(ref).catch(() => null)));
  }

  /** XTEST moves the pointer in root coordinates: the point is offset by the client area's origin. */
  async clickAt(nativeId: string, point: { x: number; y: number }): Promise<void> {
    const { bounds } = this.window(nativeId).x11;
    if (point.x < 0 || point.y < 0 || point.x >= bounds.width || point.y >= bounds.height)
      throw new Error(`the point (${point.x}, ${point.y}) is outside window ${nativeId} (${bounds.width}×${bounds.height})`);
    await this.activateWindow(nativeId);
    await (await this.keyboard()).click(Math.round(bounds.x + point.x), Math.round(bounds.y + point.y));
  }

  async close(): Promise<void> {
    this.pairing.stop();
    this.feed.stop();
    this.gtk.close();
    await this.input?.close().catch(() => undefined);
    await this.atspi.close().catch(() => undefined);
    await this.x11.close().catch(() => undefined);
  }

  private async keyboard(): Promise<XTestInput> {
    this.input ??= await XTestInput.open(this.x11);
    return this.input;
  }

  protected async readSources(): Promise<ProbeTopology<LinuxWindow>> {
    // Without the accessibility bus the windows are still there (X11 knows them): serve them
    // window-only rather than failing, until the bus is back.
    const previous = this.topology;
    const topology = await this.source.read(await this.listAtspiApps());
    this.pairing.observe(previous, topology);
    this.retainWindows(topology);
    return topology;
  }

  private async appActions(windows: X11Window[], apps: AtspiApplication[]): Promise<AppActionsByBus> {
    const actions: AppActionsByBus = new Map();
    await Promise.all(
      apps.map(async (app) => {
        const window = windows.find((w) => w.pid !== null && w.pid === app.pid && w.gtkApplicationId);
        if (!window) return;
        const endpoint = await gtkEndpoint(this.x11, window.xid);
        if (!endpoint) return;
        this.endpoints.set(app.bus, endpoint);
        actions.set(app.bus, await this.gtk.list(endpoint).catch(() => []));
      }),
    );
    return actions;
  }
}

function unsupported(error: unknown): boolean {
  return error instanceof AtspiError && error.code === 'not_supported';
}

/** Opens the X11 + AT-SPI probe on `env`'s display and buses. */
export const openLinuxProbe: ProbeFactory<LinuxProbeOptions, LinuxProbe> = async (options = {}) => {
  const env = options.env ?? process.env;
  if (!env.DISPLAY) {
    throw new ProbeUnavailableError('no X display: DISPLAY is not set (start one with "gui-bridge desktop up", then eval "$(gui-bridge desktop env)")');
  }
  // Both connections open at once: each waits on its own server (start-up). The
  // display's error comes first; an accessibility connection opened for nothing is closed.
  const atspiOpening = AtspiAccess.open({ env });
  atspiOpening.catch(() => undefined); // awaited below, or closed when the display fails
  const x11 = await X11Connection.open(env.DISPLAY).catch((error: unknown) => {
    void atspiOpening.then((atspi) => atspi.close()).catch(() => undefined);
    throw new ProbeUnavailableError(error instanceof Error ? error.message : String(error));
  });
  const atspi = await atspiOpening.catch(async (error: unknown) => {
    await x11.close();
    throw new ProbeUnavailableError(`no accessibility bus: ${error instanceof Error ? error.message : String(error)}`);
  });
  if (!atspi.health.ok) {
    await Promise.all([atspi.close(), x11.close()]);
    throw new ProbeUnavailableError(`no accessibility bus: ${atspi.health.message} (is at-spi2-core running? "gui-bridge desktop up" starts one)`);
  }
  const feed = await ChangeFeed.start(x11, atspi);
  const capture = options.capture ?? 'on-demand';
  const capturer = capture === true ? Promise.resolve(await WindowCapturer.open(x11)) : capture === 'on-demand' ? 'on-demand' : null;
  const probe = new LinuxProbe(x11, atspi, feed, new GtkActions(env.DBUS_SESSION_BUS_ADDRESS), capturer);
  return probe;
};
