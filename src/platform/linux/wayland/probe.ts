/**
 * The Linux probe for Wayland sessions: windows from the Wayland window source
 * (AT-SPI top-levels + the compositor's foreign-toplevel list) merged with XWayland's X11
 * windows; content and actions through AT-SPI as on X11; keys through the compositor's virtual
 * keyboard (wlroots) or GNOME's RemoteDesktop session; clicks through its virtual pointer
 * (wlroots, window positions from sway IPC); screenshots through wlroots screencopy (grim). What
 * the compositor lacks is left out, not faked: no keyboard → no key tools; no pointer → clicks
 * fail clearly; no screencopy → no media block; no activation (GNOME) → keys only into the
 * focused window.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { KeyInput, Probe, ProbeFactory, Rect, TreeBudget, WindowTree } from '../../probe.js';
import { NO_KEYBOARD } from '../../probe.js';
import { windowOnlyTree } from '../../shared-desktop/windowOnly.js';
import { AtspiAccess } from '../atspi/index.js';
import { formatRef, parseRef } from '../atspi/refs.js';
import { TopLevelIndex } from '../atspi/topLevels.js';
import { AtspiProbe, type ProbeTopology } from '../atspiProbe.js';
import { ChangeFeed } from '../changeFeed.js';
import { selectItem } from '../comboSelect.js';
import { InputError } from '../input/errors.js';
import { ProbeUnavailableError } from '../probe.js';
import { mergeTopologies, NOTHING_CLAIMED, X11WindowSource, type SourceWindow, type WindowSource } from '../windowSource.js';
import { X11Connection } from '../x11/index.js';
import { GrimCapture } from './capture.js';
import { waylandSocketPath } from './desktop/bringUp.js';
import { ForeignToplevels, readGlobals } from './foreignToplevel.js';
import { WaylandKeys } from './keyboard.js';
import { WaylandPointer } from './pointer.js';
import { WaylandWindowSource } from './windowSource.js';

export interface WaylandProbeOptions {
  env?: NodeJS.ProcessEnv;
  capture?: boolean;
}

const NOWHERE: Rect = { x: 0, y: 0, width: 0, height: 0 };
const NO_ACCESSIBLE = 'This window exposes no accessibility information: only its title is available.';

/** Made by `openWaylandProbe`. */
/** How long keys for an unfocused window wait for the compositor to focus it (see gainsFocus). */
const FOCUS_WAIT_MS = 2000;
const FOCUS_POLL_MS = 50;

export class WaylandProbe extends AtspiProbe<SourceWindow> implements Probe {
  private readonly topLevels: TopLevelIndex;

  constructor(
    atspi: AtspiAccess,
    feed: ChangeFeed,
    private readonly wayland: WaylandWindowSource,
    private readonly x11: X11WindowSource | null,
    private readonly keyboard: WaylandKeys | null,
    private readonly pointer: WaylandPointer | null,
    private readonly capturer: GrimCapture | null,
  ) {
    super(atspi, feed);
    this.topLevels = new TopLevelIndex(atspi.client);
  }

  async readTree(nativeId: string, budget: TreeBudget): Promise<WindowTree> {
    const window = this.window(nativeId);
    const tree =
      window.ref && this.atspi.health.ok
        ? await this.readAccessible(window.native, window.ref, budget, false)
        : windowOnlyTree({ window: window.native, reason: NO_ACCESSIBLE });
    if (!this.keyboard) tree.root.attributes = { ...tree.root.attributes, [NO_KEYBOARD.attribute]: NO_KEYBOARD.value };
    return tree;
  }

  // Acting in a window marks it as used: a dialog that opens next belongs to it (owners.ts).
  doAction = async (ref: string, action: string) => this.atspi.primitives.doAction(await this.used(ref), action);
  menuKeys = async (ref: string) => this.atspi.primitives.menuKeys(await this.used(ref));
  setText = async (ref: string, text: string) => this.atspi.primitives.setText(await this.used(ref), text);
  insertText = async (ref: string, text: string, offset?: number) => this.atspi.primitives.insertText(await this.used(ref), text, offset);
  setValue = async (ref: string, value: number) => this.atspi.primitives.setValue(await this.used(ref), value);
  select = async (ref: string) =>
    selectItem(this.atspi.primitives, await this.used(ref), {
      click: (combo) => this.click(combo),
      // Not sendKeys: activating the window would close the popup the keys are for.
      pressKeys: (keys) => this.requireKeyboard().send({ keys }),
    });
  focus = async (ref: string) => this.atspi.primitives.focus(await this.used(ref));

  /** A pointer click at the node's centre, its window brought forward first (virtual pointer). */
  click = (ref: string) => this.clickTimes(ref, 1);

  /** A pointer double-click at the node's centre (what opens an item where no action does). */
  doubleClick = (ref: string) => this.clickTimes(ref, 2);

  private async clickTimes(ref: string, count: number): Promise<void> {
    if (!this.pointer)
      throw new Error(
        `no pointer input on this Wayland session (the compositor offers no virtual pointer, or no window positions): ${ref} has no accessible action to run instead`,
      );
    const nativeId = await this.nativeOf(ref);
    if (!nativeId) throw new Error(`the window of ${ref} is not known: it cannot be clicked`);
    const window = this.window(nativeId);
    await this.activateWindow(nativeId);
    const node = await this.atspi.primitives.bounds(ref);
    await this.pointer.click(
      {
        pid: window.native.pid,
        title: window.native.title,
        xwayland: Boolean(window.x11),
        frame: () => this.frameExtents(window.ref ?? ref),
      },
      node,
      count,
    );
  }

  /** A window accessible's extents and its direct children's (where the window geometry is). */
  private async frameExtents(ref: string): Promise<{ frame: Rect; children: Rect[] }> {
    const children = await this.atspi.client.children(parseRef(ref));
    return {
      frame: await this.atspi.primitives.bounds(ref),
      children: await Promise.all(children.map((child) => this.atspi.primitives.bounds(formatRef(child)).catch(() => NOWHERE))),
    };
  }

  async activateWindow(nativeId: string): Promise<void> {
    const window = this.window(nativeId);
    // XWayland windows too go through the compositor first: their EWMH activation may not focus.
    if (window.x11 && this.x11 && (await this.wayland.activateXWayland(window.native))) await this.x11.awaitActive(window);
    else await this.sourceOf(window).activate(window);
    if (!window.x11) this.wayland.noteUsed(nativeId);
    this.feed.markWindows();
  }

  async closeWindow(nativeId: string): Promise<void> {
    const window = this.window(nativeId);
    await this.sourceOf(window).close(window);
  }

  /**
   * The virtual keyboard types into the focused window: bring the target forward first. Where
   * the compositor lets no client activate a window (GNOME: no foreign-toplevel protocol), the
   * target must already have the focus; keys meant for it are never sent to another window.
   */
  async sendKeys(nativeId: string, input: KeyInput): Promise<void> {
    const keyboard = this.requireKeyboard();
    const window = this.window(nativeId);
    if (window.x11 || this.wayland.canActivate) await this.activateWindow(nativeId);
    else {
      if (!(await this.gainsFocus(window)))
        throw new InputError(
          'unsupported',
          `window "${window.native.title}" does not have the focus, and this compositor lets no client bring a window forward (no foreign-toplevel protocol): keys would go to the focused window`,
        );
      this.wayland.noteUsed(nativeId);
    }
    await keyboard.send(input);
  }

  private requireKeyboard(): WaylandKeys {
    if (!this.keyboard)
      throw new Error('this Wayland compositor offers no virtual keyboard (or neither python3 nor wtype is installed): key input is unavailable');
    return this.keyboard;
  }

  /**
   * Whether the window's accessible says `active` (read fresh: the focus may have moved), waiting
   * up to FOCUS_WAIT_MS for it: a window the compositor has just mapped (a dialog the last key
   * opened) gets the focus a moment after it is listed, and keys meant for it should not be
   * refused for that.
   */
  private async gainsFocus(window: SourceWindow): Promise<boolean> {
    if (!window.ref) return window.native.active;
    const ref = parseRef(window.ref);
    const deadline = Date.now() + FOCUS_WAIT_MS;
    for (;;) {
      const states = await this.atspi.client.states(ref).catch(() => [] as string[]);
      if (states.includes('active')) return true;
      if (Date.now() >= deadline) return false;
      await sleep(FOCUS_POLL_MS);
    }
  }

  async doAppAction(appKey: string, name: string): Promise<void> {
    throw new Error(`application ${appKey} exports no application actions on this Wayland session (${name})`);
  }

  async capture(nativeId: string): Promise<Buffer> {
    if (!this.capturer) throw new Error('screen capture is off or unavailable on this compositor (needs wlroots screencopy and grim)');
    const window = this.window(nativeId);
    return this.capturer.capture(window.native.pid, window.native.title);
  }

  async close(): Promise<void> {
    this.feed.stop();
    this.keyboard?.close();
    this.pointer?.close();
    this.wayland.stop();
    this.x11?.stop();
    await this.atspi.close().catch(() => undefined);
  }

  private async used(ref: string): Promise<string> {
    const nativeId = await this.nativeOf(ref);
    if (nativeId) this.wayland.noteUsed(nativeId);
    return ref;
  }

  /** The native id of the window holding `ref`, when known. */
  private async nativeOf(ref: string): Promise<string | undefined> {
    const top = await this.topLevels.topLevelAmong(parseRef(ref), (r) => this.topology.nativeOfRef.has(r)).catch(() => null);
    return top ? this.topology.nativeOfRef.get(top) : undefined;
  }

  private sourceOf(window: SourceWindow): WindowSource {
    if (window.x11 && this.x11) return this.x11;
    return this.wayland;
  }

  protected async readSources(): Promise<ProbeTopology<SourceWindow>> {
    await this.wayland.toplevels?.sync().catch(() => undefined);
    const apps = await this.listAtspiApps();
    const x11 = this.x11 ? await this.x11.read(apps).catch(() => null) : null;
    const wayland = await this.wayland.read(apps, x11 ? { refs: new Set(x11.nativeOfRef.keys()), windows: x11.windows.map((w) => w.native) } : NOTHING_CLAIMED);
    const topology = x11 ? mergeTopologies(x11, wayland) : wayland;
    this.retainWindows(topology);
    return topology;
  }
}

/** Opens the Wayland probe on `env`'s compositor and buses (XWayland's windows through X11). */
export const openWaylandProbe: ProbeFactory<WaylandProbeOptions, WaylandProbe> = async (options = {}) => {
  const env = options.env ?? process.env;
  const socket = waylandSocketPath(env);
  if (!socket) throw new ProbeUnavailableError('no Wayland display: WAYLAND_DISPLAY (in XDG_RUNTIME_DIR) is not set or not there');
  const interfaces = await readGlobals(socket).catch((error: unknown) => {
    throw new ProbeUnavailableError(`cannot reach the Wayland compositor: ${error instanceof Error ? error.message : String(error)}`);
  });
  const atspi = await AtspiAccess.open({ env }).catch((error: unknown) => {
    throw new ProbeUnavailableError(`no accessibility bus: ${error instanceof Error ? error.message : String(error)}`);
  });
  if (!atspi.health.ok) {
    await atspi.close();
    throw new ProbeUnavailableError(`no accessibility bus: ${atspi.health.message} (run the bridge as the desktop's user: its bus accepts no other)`);
  }
  // XWayland clients come through X11, as on an X11 desktop; no XWayland is fine.
  const conn = env.DISPLAY ? await X11Connection.open(env.DISPLAY).catch(() => null) : null;
  const toplevels = await ForeignToplevels.open(socket).catch(() => null);
  const feed = await ChangeFeed.start(conn, atspi);
  const probe = new WaylandProbe(
    atspi,
    feed,
    new WaylandWindowSource(toplevels),
    conn ? new X11WindowSource(conn) : null,
    await WaylandKeys.open(interfaces, env),
    await WaylandPointer.open(interfaces, socket, env),
    options.capture ? GrimCapture.find(interfaces, env) : null,
  );
  toplevels?.events.on('change', () => feed.markWindows());
  return probe;
};
