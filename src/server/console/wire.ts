/**
 * Shapes the console's server and its page (page/, compiled for the browser by
 * tsconfig.console.json) both use. No imports: the page's program must not pull in server code.
 */

export interface GraphNode {
  id: string;
  title: string;
  app: string;
  modal: boolean;
  ownerId: string | null;
  operable: boolean;
  /** The modal windows above this one, nearest first (its owner chain seen from below). */
  blockedBy: string[];
  version: number;
  lastModified: number;
}

export interface ConsoleTool {
  name: string;
  title?: string;
  /** The window it acts on, or null for an application-level tool. */
  windowId: string | null;
  readOnly: boolean;
  destructive: boolean;
}
