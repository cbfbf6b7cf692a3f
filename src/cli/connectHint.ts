/**
 * What `serve --http` prints for a human: how to connect. The Inspector command must work as
 * printed (test/cli/connectHint.test.ts runs it): inspector-cli 1.0.3 (the last one for Node 20)
 * finds its own package.json relative to the working directory, so it runs from its build folder.
 */
export function inspectorCommand(url: string, token: boolean): string {
  const header = token ? ' --header "Authorization: Bearer $GUI_BRIDGE_TOKEN"' : '';
  return `npx -y -p @modelcontextprotocol/inspector-cli@1.0.3 sh -c 'cd "$(dirname "$(readlink -f "$(command -v mcp-inspector-cli)")")" && node cli.js --cli ${url} --transport http${header} --method tools/list'`;
}

export function connectHint(url: string, token: boolean): string {
  return `\nConnect an MCP client to ${url}\n  MCP Inspector CLI: ${inspectorCommand(url, token)}\n  Claude Code: claude mcp add --transport http gui-bridge ${url}${token ? ' --header "Authorization: Bearer <token>"' : ''}\n\n`;
}
