/**
 * Which `window://` host each application's windows get. The host names the resource namespace of
 * one MCP server and SHOULD be unique across the servers of a Computer, in reverse-domain style
 * (seed §4.2, H1; a2c-smcp-protocol/docs/specification/desktop.md "组成部分").
 *
 * - By default the host is derived from the application id (`org.guibridge.OrdersDemo` →
 *   `org.guibridge.ordersdemo`); an id without dots becomes `local.<id>`.
 * - `--a2c-host H` sets it: H itself when the bridge serves one application, `H.<app-label>` per
 *   application when it serves several (multi-app mode is fixed for the life of the process, so a
 *   window's URI never changes while it lives).
 * - Two applications that would share a host (two instances of one app) get `-2`, `-3`, … on the
 *   last label, in the order the bridge first saw them. A host, once given, stays.
 */
import type { AppInfo } from '../platform/probe.js';
import { isReverseDomainHost, isValidHost } from './windowUri.js';

export interface HostOptions {
  /** `--a2c-host`: the reverse-domain host to use instead of the application-derived one. */
  host?: string;
  /** The bridge serves several applications (per-app hosts under `host`). */
  multiApp?: boolean;
}

export class HostAssigner {
  private readonly byAppKey = new Map<string, string>();
  private readonly taken = new Set<string>();

  constructor(private readonly options: HostOptions = {}) {
    if (options.host !== undefined && !isReverseDomainHost(options.host)) {
      throw new Error(`"${options.host}" is not a reverse-domain host such as com.example.desktop`);
    }
  }

  /** The host of `app`'s windows; stable for the life of the application instance. */
  hostFor(app: AppInfo): string {
    const known = this.byAppKey.get(app.key);
    if (known) return known;
    const host = this.unique(this.preferred(app));
    this.byAppKey.set(app.key, host);
    this.taken.add(host);
    return host;
  }

  /** Whether `host` was ever given to an application of this bridge. */
  has(host: string): boolean {
    return this.taken.has(host);
  }

  private preferred(app: AppInfo): string {
    const { host, multiApp } = this.options;
    if (host === undefined) return hostFromAppId(app.id || app.name || app.key);
    return multiApp ? `${host}.${appLabel(app)}` : host;
  }

  private unique(host: string): string {
    if (!this.taken.has(host)) return host;
    let n = 2;
    while (this.taken.has(`${host}-${n}`)) n++;
    return `${host}-${n}`;
  }
}

/** `org.gnome.TextEditor` → `org.gnome.texteditor`; `gedit` → `local.gedit`. */
export function hostFromAppId(appId: string): string {
  const labels = appId
    .toLowerCase()
    .split('.')
    .map(toLabel)
    .filter((label) => label.length > 0);
  if (labels.length === 0) return 'local.app';
  const host = labels.length === 1 ? `local.${labels[0]}` : labels.join('.');
  return isValidHost(host) ? host : 'local.app';
}

function appLabel(app: AppInfo): string {
  const labels = hostFromAppId(app.id || app.name || app.key).split('.');
  return labels[labels.length - 1] ?? 'app';
}

/** Keeps [a-z0-9-], turns other runs into one hyphen, trims hyphens, caps at 63 characters. */
function toLabel(part: string): string {
  return part
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/g, '');
}
