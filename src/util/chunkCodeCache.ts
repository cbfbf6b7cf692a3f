/**
 * V8's code cache for the bundle's large chunks (spawn → first read). Node 20 cannot
 * give cached code to an ES module (module.enableCompileCache is Node 22.1+), only to a classic
 * script: scripts/bundle.mjs writes each eligible chunk as a facade ES module, which imports what
 * the chunk imported and exports what it exported, and the chunk's code as a script beside it
 * (`bundle-X.script.js`, one function). The facade runs it through here: compiled with the code
 * V8 made for it in an earlier run, so it is neither parsed nor compiled again. Every importer
 * still goes through the one facade module, so there is one zod and one BridgeError.
 *
 * The cache lives in the user's cache folder ($XDG_CACHE_HOME, else ~/.cache, %LOCALAPPDATA% on
 * Windows, ~/Library/Caches on macOS; then gui-bridge/code-cache), one file per chunk, named by
 * the chunk (its name is a hash of its content), its size and mtime, Node's version and
 * architecture and the process's V8 options. `serve` writes it once its first answer is out
 * (saveCodeCaches, never on the way to it), atomically, so it includes the functions the first
 * read compiled lazily, and removes that chunk's caches for other builds or Node versions (a chunk
 * that changed has a new name: the old one's cache stays until the folder is cleared). A missing,
 * foreign, corrupt or unwritable cache only means the chunk is compiled from its source.
 * GUI_BRIDGE_CODE_CACHE=0 turns the cache off.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { optimizerHeld, underFlagsOf } from './startUpOptimizer.js';

/** The dynamic import() of a chunk's facade, lent to its script (which has none of its own). */
type DynamicImport = (specifier: string) => Promise<unknown>;

/** What a chunk's script is: `(function (exports, require, module, __importMetaUrl, __import) { … })`. */
type ChunkFunction = (
  exports: object,
  require: (id: string) => unknown,
  module: { exports: object },
  importMetaUrl: string,
  dynamicImport?: DynamicImport,
) => void;

interface LoadedChunk {
  script: Script;
  /** Where its cache goes; null when there is no cache folder or the cache is off. */
  cacheFile: string | null;
  /** No usable cache was found: this run's compiled code is worth writing. */
  needsWrite: boolean;
  /** Compiled while serve held TurboFan: V8 takes its cache only under the same flags. */
  compiledWhileHeld: boolean;
}

const loaded: LoadedChunk[] = [];

/** First bytes of a cache file of ours; then a checksum of the V8 data that follows. */
const MAGIC = 0x47424343; // "GBCC"
const HEADER_BYTES = 8;
/** The checksum reads one 32-bit word in this many. */
const CHECKSUM_STRIDE = 16;

/** This process's cache folder, once named (undefined: not yet). */
let processCacheDir: string | null | undefined;

/** The cache folder, or null when caching is off, no folder can be named or the folder is not safe. */
export function codeCacheDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string | null {
  if (env === process.env && processCacheDir !== undefined) return processCacheDir;
  const dir = cacheDirOf(env, platform);
  if (env === process.env) processCacheDir = dir;
  return dir;
}

/** The user's cache folder: $XDG_CACHE_HOME, else the platform's own (Windows, macOS) or ~/.cache. */
function cacheDirOf(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string | null {
  if (env.GUI_BRIDGE_CODE_CACHE === '0') return null;
  let home = '';
  try {
    home = homedir();
  } catch {
    // no home folder (a service account): only an explicit folder
  }
  const base =
    env.XDG_CACHE_HOME ||
    (platform === 'win32' ? env.LOCALAPPDATA : undefined) ||
    (home ? join(home, platform === 'darwin' ? 'Library/Caches' : '.cache') : '');
  if (!base) return null;
  const dir = join(base, 'gui-bridge', 'code-cache');
  return safeFolder(dir) ? dir : null;
}

/**
 * Cached code runs as this user: a folder someone else owns, or one others may write into, could
 * hand it code of theirs. Such a folder is neither read nor written (chunks compile from source);
 * a missing one is made for this user alone when the cache is first saved.
 */
function safeFolder(dir: string): boolean {
  try {
    const { uid, mode } = statSync(dir);
    const me = process.getuid?.();
    return me === undefined || (uid === me && (mode & 0o022) === 0);
  } catch {
    return true; // not there yet: saveCodeCaches makes it (0700)
  }
}

/** FNV-1a over a short string: names a cache by what V8's code depends on (no node:crypto at start-up). */
function fnv(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * A checksum of the V8 data, refused before V8 reads it when damaged (V8 checks its version, the
 * options, the source's length and the data's length, not the data). It reads every 16th 32-bit
 * word, one in each 64 bytes, with the length: a cut-short file or any damaged disk block (torn,
 * zeroed) is caught; a single flipped bit may not be. All of it would cost more than it saves: the
 * loop runs before V8 has optimised it, at each start.
 */
function checksum(bytes: Uint8Array): number {
  const data = bytes.byteOffset % 4 === 0 ? bytes : Uint8Array.from(bytes);
  const words = new Uint32Array(data.buffer, data.byteOffset, data.length >>> 2);
  let hash = 0x811c9dc5 ^ data.length;
  for (let i = 0; i < words.length; i += CHECKSUM_STRIDE) hash = Math.imul(hash ^ (words[i] as number), 0x01000193);
  if (words.length > 0) hash = Math.imul(hash ^ (words[words.length - 1] as number), 0x01000193);
  return hash >>> 0;
}

function cacheFileFor(dir: string, file: string): string {
  const { size, mtimeMs } = statSync(file);
  const key = [process.version, process.arch, size, mtimeMs, process.execArgv.join(' '), process.env.NODE_OPTIONS ?? ''].join('\n');
  return join(dir, `${basename(file, '.js')}-${fnv(key)}.v8`);
}

/** The V8 data of a cache file of ours, or undefined when it is missing or not intact. */
function readCache(cacheFile: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  if (bytes.length <= HEADER_BYTES || bytes.readUInt32LE(0) !== MAGIC) return undefined;
  const data = bytes.subarray(HEADER_BYTES);
  return checksum(data) === bytes.readUInt32LE(4) ? data : undefined;
}

/**
 * Runs the script of the chunk whose facade is at `facadeUrl`; `deps` are the modules the chunk
 * imported, by the specifier it imported them with (the script's `require` finds them there, and
 * anything else, such as a bundled CommonJS package's built-ins, through Node's require), and the
 * facade's import() when the chunk imports dynamically. Returns the chunk's exports.
 */
export function runChunk(facadeUrl: string, deps: Record<string, unknown>, dynamicImport?: DynamicImport): Record<string, unknown> {
  const file = fileURLToPath(facadeUrl).replace(/\.js$/, '.script.js');
  const source = readFileSync(file, 'utf8');
  const dir = codeCacheDir();
  let cacheFile: string | null = null;
  let cachedData: Buffer | undefined;
  if (dir) {
    try {
      cacheFile = cacheFileFor(dir, file);
      cachedData = readCache(cacheFile);
    } catch {
      cacheFile = null;
    }
  }
  const script = new Script(source, { filename: file, ...(cachedData ? { cachedData } : {}) });
  loaded.push({ script, cacheFile, needsWrite: cachedData === undefined || script.cachedDataRejected === true, compiledWhileHeld: optimizerHeld() });
  let nodeRequire: NodeJS.Require | undefined; // made on first use: most chunks only import
  const require = (id: string): unknown => (Object.hasOwn(deps, id) ? deps[id] : (nodeRequire ??= createRequire(facadeUrl))(id));
  const module = { exports: {} };
  (script.runInThisContext() as ChunkFunction)(module.exports, require, module, facadeUrl, dynamicImport);
  return module.exports as Record<string, unknown>;
}

/** How the chunks of this process were compiled: from a cache, or from source (tests, debug log). */
export function codeCacheState(): { chunks: number; fromCache: number } {
  return { chunks: loaded.length, fromCache: loaded.filter((c) => !c.needsWrite).length };
}

/** The same chunk's caches for an earlier build of it or another Node: they would never be read again. */
function removeOlder(cacheFile: string): void {
  const name = basename(cacheFile);
  const chunk = name.slice(0, name.lastIndexOf('-') + 1);
  for (const other of readdirSync(dirname(cacheFile))) {
    if (other !== name && other.startsWith(chunk) && other.endsWith('.v8')) rmSync(join(dirname(cacheFile), other), { force: true });
  }
}

/**
 * Writes the cache of every chunk that had none (or a refused one), with the code compiled so
 * far. Each file is written beside its final name and renamed, so a reader never sees half of
 * one. Failures (read-only home, full disk) are ignored: the next run compiles from source.
 */
export function saveCodeCaches(): number {
  let written = 0;
  for (const chunk of loaded) {
    if (!chunk.needsWrite || !chunk.cacheFile) continue;
    chunk.needsWrite = false;
    const temporary = `${chunk.cacheFile}.${process.pid}.tmp`;
    try {
      const data = underFlagsOf(chunk.compiledWhileHeld, () => chunk.script.createCachedData());
      const header = Buffer.alloc(HEADER_BYTES);
      header.writeUInt32LE(MAGIC, 0);
      header.writeUInt32LE(checksum(data), 4);
      mkdirSync(dirname(chunk.cacheFile), { recursive: true, mode: 0o700 }); // compiled code runs as this user: theirs alone
      writeFileSync(temporary, Buffer.concat([header, data]));
      renameSync(temporary, chunk.cacheFile);
      written++;
      removeOlder(chunk.cacheFile);
    } catch {
      try {
        rmSync(temporary, { force: true });
      } catch {
        // no folder to write in at all
      }
    }
  }
  return written;
}
