/**
 * Where the examples find GUI Bridge: an HTTP URL (`gui-bridge serve --demo --stable-tools --http
 * 3000`), or, by default, a server they start themselves over stdio from this repository's build
 * (`npm run build` first; outside the repository use `npx gui-bridge`).
 */
import { fileURLToPath } from 'node:url';

export type ServerTarget = { url: string } | { command: string; args: string[] };

export function targetFromArgs(argv: readonly string[] = process.argv.slice(2)): ServerTarget {
  const url = argv[0] ?? process.env.GUI_BRIDGE_URL;
  if (url) return { url };
  const cli = fileURLToPath(new URL('../../dist/src/cli.js', import.meta.url));
  return { command: process.execPath, args: [cli, 'serve', '--demo', '--stable-tools'] };
}

/** Whether this module is the script node was asked to run (not imported by a test). */
export function isMain(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && fileURLToPath(moduleUrl) === process.argv[1];
}

export const TASK = 'Place an order for Ada Lovelace in the Orders app and confirm it.';
