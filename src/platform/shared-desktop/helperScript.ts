/**
 * Finds a helper script shipped inside this package (the .ps1 / JXA file next to its TypeScript
 * client under src/platform/). Works from the sources (tsx) and from the build in dist/, because
 * both live under the package root, which is found by walking up to our package.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'gui-bridge';

export function packageRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === PACKAGE_NAME) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the ${PACKAGE_NAME} package root above ${from}`);
    dir = parent;
  }
}

/** Absolute path of a helper script given relative to the package root. */
export function helperScriptPath(relative: string): string {
  const path = join(packageRoot(), relative);
  if (!existsSync(path)) throw new Error(`helper script ${relative} is missing from the installed package`);
  return path;
}
