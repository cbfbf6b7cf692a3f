/**
 * The resources a session serves: always `app://windows` (P-RES-1), plus optional extensions
 * such as A2C-SMCP's `window://` resources (D-6), which plug in here without touching sessions.
 */
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js';
import type { Bridge } from '../bridge/bridge.js';
import type { BridgeChange } from '../bridge/state.js';

export const WINDOWS_URI = 'app://windows';

export const WINDOWS_RESOURCE: Resource = {
  uri: WINDOWS_URI,
  name: 'windows',
  title: 'Application windows',
  description:
    'Every window of the application with its content (summary + blocks), and operableWindowIds: the windows you can operate now. Re-read it after any notification.',
  mimeType: 'application/json',
};

export interface ResourcePage {
  resources: Resource[];
  nextCursor?: string;
}

/** What an extension adds to the resource surface. */
export interface ResourceExtension {
  /** Whether clients get `notifications/resources/list_changed` from it. */
  readonly listChanged: boolean;
  /** One page of the extension's resources; `cursor` is the extension's own. */
  list(cursor: string | undefined): ResourcePage;
  /** Reads a resource it owns; undefined when the URI is not its own. */
  read(uri: string): ReadResourceResult | undefined;
  /** Whether `uri` names one of its resources, existing now or not (subscriptions). */
  owns(uri: string): boolean;
  /** Which of its resources a change updated, and whether its list changed. */
  changesFor(change: BridgeChange): { updatedUris: string[]; listChanged: boolean };
}

export function readWindows(bridge: Bridge): ReadResourceResult {
  // P-RES-2: one content, the whole snapshot as JSON text.
  return { contents: [{ uri: WINDOWS_URI, mimeType: 'application/json', text: bridge.snapshotJson() }] };
}
