/**
 * A README command with its desktop source (`--all-apps`, `--app NAME`) replaced by `--demo`: a
 * test machine's desktop is not the user's, and the demo serves the same protocol with no desktop.
 * Flags that need a live desktop (`--screenshots`) are dropped.
 */
export function withDemoSource(args: string[]): string[] {
  const out: string[] = [];
  let source = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--app') i++;
    else if (arg !== '--all-apps' && arg !== '--screenshots') {
      out.push(arg);
      continue;
    }
    if (arg === '--screenshots') continue;
    if (!source) out.push('--demo');
    source = true;
  }
  return out;
}
