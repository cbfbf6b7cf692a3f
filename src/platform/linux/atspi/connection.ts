/**
 * The accessibility bus connection: session bus → `org.a11y.Bus.GetAddress` → the AT-SPI bus.
 * Watches for the bus or the registry going away, reports health changes, and reconnects with
 * backoff once a bus is back. Never throws D-Bus failures at the process: they become health.
 */
import { EventEmitter } from 'node:events';
import { DbusLink, type DbusCall, type DbusSignal } from './dbusLink.js';
import { enableA11yStatus } from './a11yStatus.js';
import { AtspiError } from './errors.js';
import { A11Y_BUS, busDaemonCall, DBUS, REGISTRY_NAME } from './names.js';

export interface AtspiConnectionOptions {
  /** Where to find the buses (DBUS_SESSION_BUS_ADDRESS, AT_SPI_BUS_ADDRESS); default process.env. */
  env?: Record<string, string | undefined>;
  /** Timeout of one D-Bus call. */
  callTimeoutMs?: number;
  /** Reconnect backoff: first delay, doubled up to maxMs. */
  backoff?: { initialMs: number; maxMs: number };
  /**
   * Whether the first connect may let the session bus start the accessibility bus (as a desktop
   * session does). Reconnects never do: they wait for the bus to come back, they don't bring it back.
   */
  autoStart?: boolean;
  /** Set org.a11y.Status IsEnabled/ScreenReaderEnabled on the session bus, as a screen reader does (default true; a11yStatus.ts). */
  enableAccessibility?: boolean;
}

export interface Health {
  ok: boolean;
  message: string;
}

type Events = { health: [Health]; ready: [DbusLink]; signal: [DbusSignal] };

const DEFAULT_BACKOFF = { initialMs: 100, maxMs: 5000 };

export class AtspiConnection extends EventEmitter<Events> {
  private link: DbusLink | null = null;
  private health: Health = { ok: false, message: 'not connected yet' };
  private retryTimer: NodeJS.Timeout | null = null;
  private retryDelay: number;
  /** While linked to a bus whose registry is not up: the next time its name is asked again. */
  private registryTimer: NodeJS.Timeout | null = null;
  private registryDelay = 0;
  private stopped = false;
  private connecting: Promise<void> | null = null;
  private readonly env: Record<string, string | undefined>;
  readonly callTimeoutMs: number;
  private readonly backoff: { initialMs: number; maxMs: number };

  constructor(private readonly options: AtspiConnectionOptions = {}) {
    super();
    this.env = options.env ?? process.env;
    this.callTimeoutMs = options.callTimeoutMs ?? 5000;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.retryDelay = this.backoff.initialMs;
  }

  /** First connection attempt. Resolves either way; on failure the connection keeps retrying. */
  async start(): Promise<Health> {
    await this.attempt(this.options.autoStart ?? true);
    return this.health;
  }

  get healthy(): boolean {
    return this.health.ok;
  }

  get status(): Health {
    return { ...this.health };
  }

  /** The live bus, or an AtspiError('disconnected') saying why there is none. */
  bus(): DbusLink {
    if (!this.link || this.link.closed) throw new AtspiError('disconnected', `accessibility bus unavailable: ${this.health.message}`);
    return this.link;
  }

  /** Resolves once healthy, or rejects after timeoutMs. */
  whenHealthy(timeoutMs: number): Promise<void> {
    if (this.health.ok) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.off('health', onHealth);
        reject(new AtspiError('timeout', `accessibility bus not healthy within ${timeoutMs} ms: ${this.health.message}`));
      }, timeoutMs);
      const onHealth = (health: Health): void => {
        if (!health.ok) return;
        clearTimeout(timer);
        this.off('health', onHealth);
        resolve();
      };
      this.on('health', onHealth);
    });
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.stopRegistryChecks();
    await this.connecting?.catch(() => undefined);
    this.link?.close();
    this.link = null;
    this.removeAllListeners();
  }

  private attempt(autoStart: boolean): Promise<void> {
    this.connecting ??= this.connectOnce(autoStart)
      .catch((err: unknown) => {
        this.setHealth(false, `cannot reach the accessibility bus: ${err instanceof Error ? err.message : String(err)}`);
        this.scheduleRetry();
      })
      .finally(() => {
        this.connecting = null;
      });
    return this.connecting;
  }

  private async connectOnce(autoStart: boolean): Promise<void> {
    const address = await this.resolveAddress(autoStart);
    const link = await DbusLink.open(address, { hello: true, timeoutMs: this.callTimeoutMs });
    if (this.stopped) {
      link.close();
      return;
    }
    this.link = link;
    link.on('close', (reason) => this.onBusLost(link, reason));
    link.on('signal', (signal) => this.onSignal(signal));
    try {
      await link.call(addMatch(`type='signal',sender='${DBUS.name}',member='NameOwnerChanged',arg0='${REGISTRY_NAME}'`));
      const [owned] = await link.call(busDaemonCall('NameHasOwner', 's', [REGISTRY_NAME]));
      this.retryDelay = this.backoff.initialMs;
      this.setRegistry(owned === true);
    } catch (err) {
      link.close();
      throw err;
    }
  }

  /** Session bus GetAddress; AT_SPI_BUS_ADDRESS when there is no session bus (like libatspi). */
  private async resolveAddress(autoStart: boolean): Promise<string> {
    const sessionAddress = this.env.DBUS_SESSION_BUS_ADDRESS;
    const fallback = this.env.AT_SPI_BUS_ADDRESS;
    if (!sessionAddress) {
      if (fallback) return fallback;
      throw new AtspiError('disconnected', 'neither DBUS_SESSION_BUS_ADDRESS nor AT_SPI_BUS_ADDRESS is set');
    }
    const session = await DbusLink.open(sessionAddress, { hello: true, timeoutMs: this.callTimeoutMs });
    try {
      // Without autoStart, asking an absent org.a11y.Bus would activate a second launcher.
      const [owned] = await session.call(busDaemonCall('NameHasOwner', 's', [A11Y_BUS.name]));
      if (owned !== true && !autoStart) throw new AtspiError('disconnected', 'org.a11y.Bus is not running on the session bus');
      const call = { destination: A11Y_BUS.name, path: A11Y_BUS.path, interface: A11Y_BUS.iface, member: 'GetAddress' };
      const [address] = await session.call({ ...call, noAutoStart: !autoStart });
      if (typeof address !== 'string' || address === '') throw new AtspiError('disconnected', 'org.a11y.Bus returned no address');
      if (this.options.enableAccessibility !== false) await enableA11yStatus(session);
      return address;
    } finally {
      session.close();
    }
  }

  private onSignal(signal: DbusSignal): void {
    if (signal.sender === DBUS.name && signal.member === 'NameOwnerChanged' && signal.body[0] === REGISTRY_NAME) {
      this.setRegistry(typeof signal.body[2] === 'string' && signal.body[2] !== '');
      return;
    }
    this.emit('signal', signal);
  }

  private setRegistry(up: boolean): void {
    if (!up) {
      this.setHealth(false, 'the AT-SPI registry is not running on the accessibility bus');
      this.checkRegistryLater();
      return;
    }
    this.stopRegistryChecks();
    this.setHealth(true, 'connected to the accessibility bus');
    if (this.link) this.emit('ready', this.link);
  }

  /**
   * The registry's arrival is heard as NameOwnerChanged, but a bus brought back while its
   * registry was still starting left the bridge unhealthy for good once (a full live run on a
   * loaded machine: the registry ran, the signal was never handled). So while linked and
   * without a registry, its name is also asked again, backing off like the reconnects.
   */
  private checkRegistryLater(): void {
    if (this.stopped || !this.link || this.registryTimer) return;
    const link = this.link;
    this.registryDelay = this.registryDelay ? Math.min(this.registryDelay * 2, this.backoff.maxMs) : this.backoff.initialMs;
    this.registryTimer = setTimeout(() => {
      this.registryTimer = null;
      if (this.stopped || this.link !== link || this.health.ok) return;
      link
        .call(busDaemonCall('NameHasOwner', 's', [REGISTRY_NAME]))
        .then(([owned]) => {
          if (this.link === link && !this.health.ok) this.setRegistry(owned === true);
        })
        .catch(() => {
          if (this.link === link) this.checkRegistryLater();
        });
    }, this.registryDelay);
    this.registryTimer.unref();
  }

  private stopRegistryChecks(): void {
    if (this.registryTimer) clearTimeout(this.registryTimer);
    this.registryTimer = null;
    this.registryDelay = 0;
  }

  private onBusLost(link: DbusLink, reason: string): void {
    if (this.link !== link || this.stopped) return;
    this.link = null;
    this.stopRegistryChecks();
    this.setHealth(false, `accessibility bus lost (${reason})`);
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retryTimer) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, this.backoff.maxMs);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped && !this.link) void this.attempt(false);
    }, delay);
    this.retryTimer.unref();
  }

  private setHealth(ok: boolean, message: string): void {
    if (this.health.ok === ok && this.health.message === message) return;
    this.health = { ok, message };
    this.emit('health', { ok, message });
  }
}

/** An AddMatch call for the bus daemon. */
export function addMatch(rule: string): DbusCall {
  return busDaemonCall('AddMatch', 's', [rule]);
}
