/**
 * Syntax checks of uia-helper.ps1 without PowerShell (no Debian package exists for it):
 * - `parsePowerShell`: the tree-sitter PowerShell grammar (WebAssembly, no native build) when the
 *   dev dependencies `web-tree-sitter` and `tree-sitter-powershell` are installed;
 * - `bracketProblems`: always available; pairs (), {}, [] outside strings, comments and here-strings.
 */
import { createRequire } from 'node:module';

export type PowerShellParser = (source: string) => string[];

interface TreeNode {
  type: string;
  isError: boolean;
  isMissing: boolean;
  startPosition: { row: number; column: number };
  text: string;
  children: TreeNode[];
}

/** Null when the optional dev dependencies are not installed. */
export async function loadPowerShellParser(): Promise<PowerShellParser | null> {
  const require = createRequire(import.meta.url);
  let wasm: string;
  try {
    wasm = require.resolve('tree-sitter-powershell/tree-sitter-powershell.wasm');
  } catch {
    return null;
  }
  const specifier: string = 'web-tree-sitter';
  const { Parser, Language } = (await import(specifier)) as {
    Parser: { init(): Promise<void>; new (): { setLanguage(l: unknown): void; parse(s: string): { rootNode: TreeNode } } };
    Language: { load(path: string): Promise<unknown> };
  };
  await Parser.init();
  const parser = new Parser();
  parser.setLanguage(await Language.load(wasm));
  return (source) => {
    const problems: string[] = [];
    const visit = (node: TreeNode) => {
      if (node.isError || node.isMissing) {
        problems.push(`${node.type} at ${node.startPosition.row + 1}:${node.startPosition.column + 1}: ${node.text.slice(0, 60)}`);
      }
      node.children.forEach(visit);
    };
    visit(parser.parse(source).rootNode);
    return problems;
  };
}

const CLOSERS: Record<string, string> = { ')': '(', '}': '{', ']': '[' };

/** Unbalanced brackets, skipping '…', "…" (with ` escapes), @'…'@ / @"…"@ and # / <# #> comments. */
export function bracketProblems(source: string): string[] {
  const stack: Array<{ char: string; line: number }> = [];
  const problems: string[] = [];
  let line = 1;
  for (let i = 0; i < source.length; i++) {
    const char = source[i] as string;
    if (char === '\n') line++;
    /** Moves `i` to the last character of `end`, counting the lines skipped. */
    const skipTo = (end: string) => {
      const at = source.indexOf(end, i + 1);
      const stop = at < 0 ? source.length - 1 : at + end.length - 1;
      line += (source.slice(i + 1, stop + 1).match(/\n/g) ?? []).length;
      i = stop;
    };
    if (source.startsWith("@'", i) || source.startsWith('@"', i)) skipTo(`\n${source[i + 1]}@`);
    else if (source.startsWith('<#', i)) skipTo('#>');
    else if (char === '#') skipTo('\n');
    else if (char === "'") skipTo("'");
    else if (char === '"') i = endOfDoubleQuoted(source, i, () => line++);
    else if ('({['.includes(char)) stack.push({ char, line });
    else if (CLOSERS[char]) {
      const open = stack.pop();
      if (open?.char !== CLOSERS[char]) problems.push(`line ${line}: "${char}" closes ${open ? `"${open.char}" of line ${open.line}` : 'nothing'}`);
    }
  }
  for (const open of stack) problems.push(`line ${open.line}: "${open.char}" is never closed`);
  return problems;
}

function endOfDoubleQuoted(source: string, start: number, newline: () => void): number {
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === '`') i++;
    else if (source[i] === '\n') newline();
    else if (source[i] === '"') return i;
  }
  return source.length;
}
