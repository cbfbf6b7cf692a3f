/**
 * The commands of a Markdown file's shell blocks (```sh), one per line, without comments; the
 * command inside `eval "$(…)"` stands for the line. Blocks marked as a client snippet
 * (`<!-- client:NAME -->`) are a client's configuration, not commands to run here.
 */
export interface ShellCommand {
  line: string;
  words: string[];
  /** Which shell block of the file it is in (0, 1, …): the lines of one block run together. */
  block: number;
}

export function readmeCommands(markdown: string): ShellCommand[] {
  const commands: ShellCommand[] = [];
  let index = -1;
  for (const block of markdown.matchAll(/(<!-- client:[\w-]+ -->\n)?```sh\n([\s\S]*?)\n```/g)) {
    if (block[1]) continue;
    index++;
    for (const raw of (block[2] as string).split('\n')) {
      const line = raw.replace(/\s+#.*$/, '').trim();
      if (!line) continue;
      const inner = /^eval "\$\((.*)\)"$/.exec(line)?.[1] ?? line;
      commands.push({ line, words: inner.split(/\s+/), block: index });
    }
  }
  return commands;
}
