/**
 * The import graph of the package's own modules (src/, translators/): every relative import,
 * static, dynamic, type-only or re-export, as the files are written (TypeScript's own scanner
 * reads them, so a string or a comment that looks like an import is not one). Its strongly
 * connected components of more than one module are the import cycles: a module in one cannot be
 * understood, tested or loaded without the others, and the bundler must order their evaluation.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Module path (relative to the root, with /) → the modules it imports. */
export type ImportGraph = Map<string, string[]>;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** A relative specifier as written (`./x.js`) → the .ts file it names, if it is one of ours. */
function resolveOwn(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined; // packages and node: builtins are not ours
  const target = resolve(dirname(from), specifier);
  for (const candidate of [target.replace(/\.js$/, '.ts'), `${target}.ts`, join(target, 'index.ts')]) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** The graph of every .ts module under `folders` (relative to `root`). */
export function importGraph(root: string, folders: string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  const name = (file: string) => relative(root, file).split('\\').join('/');
  for (const file of folders.flatMap((folder) => sourceFiles(join(root, folder)))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map((ref) => resolveOwn(file, ref.fileName)).filter((t): t is string => t !== undefined);
    graph.set(name(file), [...new Set(targets.map(name))].sort());
  }
  return graph;
}

/** The import cycles: each a sorted list of the modules that reach one another (Tarjan's algorithm). */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) as number, low.get(target) as number));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) as number, index.get(target) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}
