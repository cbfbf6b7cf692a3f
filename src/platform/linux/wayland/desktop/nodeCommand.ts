/** The command line that runs a module of ours as its own process (compiled .js, or .ts under tsx in tests). */
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';

export function nodeModuleCommand(moduleUrl: string): string[] {
  const self = fileURLToPath(moduleUrl);
  return extname(self) === '.ts' ? ['--import', 'tsx', self] : [self];
}

/** Whether `moduleUrl` is the script this process was started with (`node module.js …`). */
export function isMainModule(moduleUrl: string): boolean {
  return Boolean(process.argv[1]) && fileURLToPath(moduleUrl) === process.argv[1];
}
