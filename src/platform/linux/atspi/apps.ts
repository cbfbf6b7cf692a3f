/**
 * Applications on the desktop (children of the registry root) and their top-level accessibles,
 * with what window ↔ accessible matching needs (pid, role, name, states, GTK3 `window-type`,
 * extents in screen and window coordinates). One slow application never stalls the list.
 */
import type { AtspiTopLevel } from '../correlate.js';
import type { AtspiClient } from './client.js';
import type { Responsiveness } from './responsiveness.js';
import { COORD, IFACE, REGISTRY_NAME, ROOT_PATH } from './names.js';
import { normalizeName, type ToolkitInfo } from './normalize.js';
import { readBounds } from './nodeReader.js';
import { formatRef, type ObjRef } from './refs.js';
import { policyFor } from './toolkitPolicy.js';
import { roleName } from './vocabulary.js';

export type { AtspiTopLevel };

export interface AtspiApplication {
  /** Unique bus name of the application (stable for its lifetime). */
  bus: string;
  /** Ref of the application root accessible. */
  ref: string;
  pid: number | null;
  name: string;
  toolkit: ToolkitInfo;
  topLevels: AtspiTopLevel[];
  /** It did not answer this time: this is what it said last time. */
  stale?: boolean;
}

export const DESKTOP_ROOT: ObjRef = { bus: REGISTRY_NAME, path: ROOT_PATH };

/**
 * The applications registered on the accessibility bus, each bounded by `deadlineMs`. One that
 * misses it (busy, or hung) keeps what `known` last said about it, marked `stale`: dropping it
 * would turn all its windows window-only ("exposes no accessibility") for one slow answer.
 */
export async function listApplications(
  client: AtspiClient,
  deadlineMs: number,
  known: ReadonlyMap<string, AtspiApplication> = new Map(),
  responsiveness?: Responsiveness,
): Promise<AtspiApplication[]> {
  const roots = await client.children(DESKTOP_ROOT);
  const lastOf = (bus: string): AtspiApplication | null => {
    const last = known.get(bus);
    return last ? { ...last, stale: true } : null;
  };
  const apps = await Promise.all(
    roots.map((root) => {
      // Not responding: do not wait for it again; it is asked in the background (responsiveness.ts).
      if (responsiveness?.isSilent(root.bus)) return lastOf(root.bus);
      // Missing the deadline once is not "not responding" (a busy machine): only a call left
      // unanswered for the whole call timeout is (AtspiClient.onTimeout).
      return readApplication(client, root, deadlineMs).catch(() => lastOf(root.bus));
    }),
  );
  return apps.filter((app): app is AtspiApplication => app !== null);
}

export async function readApplication(client: AtspiClient, root: ObjRef, deadlineMs: number): Promise<AtspiApplication> {
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('application did not answer')), deadlineMs).unref());
  return Promise.race([readApplicationNow(client, root), timeout]);
}

async function readApplicationNow(client: AtspiClient, root: ObjRef): Promise<AtspiApplication> {
  const [pid, name, toolkit, children] = await Promise.all([
    client.pidOf(root.bus).catch(() => null),
    client.property(root, IFACE.accessible, 'Name').catch(() => ''),
    readToolkit(client, root),
    client.children(root),
  ]);
  const topLevels = await Promise.all(children.map((ref) => readTopLevel(client, ref, pid ?? 0, toolkit).catch(() => null)));
  return {
    bus: root.bus,
    ref: formatRef(root),
    pid,
    name: typeof name === 'string' ? name : '',
    toolkit,
    topLevels: topLevels.filter((top): top is AtspiTopLevel => top !== null),
  };
}

/** GTK3's atk-bridge fails `GetAll` on Application ("Property unavailable"): ask per property. */
export async function readToolkit(client: AtspiClient, root: ObjRef): Promise<ToolkitInfo> {
  const [name, version, application] = await Promise.all([
    ...['ToolkitName', 'Version'].map((prop) => client.property(root, IFACE.application, prop).catch(() => '')),
    client.property(root, IFACE.accessible, 'Name').catch(() => ''),
  ]);
  const toolkit = { name: String(name ?? ''), version: String(version ?? ''), application: String(application ?? '') };
  if (!policyFor(toolkit).screenCoordinates) client.useWindowCoordinates(root.bus);
  return toolkit;
}

export async function readTopLevel(client: AtspiClient, ref: ObjRef, pid: number, toolkit?: ToolkitInfo): Promise<AtspiTopLevel> {
  const [role, name, states, attributes, screen, window] = await Promise.all([
    client.role(ref),
    client.property(ref, IFACE.accessible, 'Name'),
    client.states(ref),
    client.attributes(ref).catch(() => ({})),
    readBounds(client, ref, COORD.screen).catch(() => null),
    readBounds(client, ref, COORD.window).catch(() => null),
  ]);
  return {
    ref: formatRef(ref),
    pid,
    role: roleName(role),
    name: normalizeName(typeof name === 'string' ? name : '', toolkit),
    states,
    attributes,
    screenExtents: screen,
    windowExtents: window,
  };
}
