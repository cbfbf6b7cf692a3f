/**
 * What `serve --http` prints for a human: how to connect, with the clients people use now. The
 * MCP Inspector 2 CLI (it needs Node 22.19 or later) and `mcp-remote`, which puts an HTTP server
 * behind the stdio that Claude Desktop and Cursor start; docs/frameworks.md has the configs.
 */
export function inspectorCommand(url: string, token: boolean): string {
  const header = token ? ' --header "Authorization: Bearer $GUI_BRIDGE_TOKEN"' : '';
  return `npx @modelcontextprotocol/inspector --cli ${url} --transport http${header} --method tools/list`;
}

/** The `mcpServers` entry of Claude Desktop or Cursor, through mcp-remote. */
export function mcpRemoteConfig(url: string, token: boolean): string {
  const header = token ? `, "--header", "Authorization: Bearer <token>"` : '';
  return `"gui-bridge": { "command": "npx", "args": ["-y", "mcp-remote", "${url}"${header}] }`;
}

export function connectHint(url: string, token: boolean): string {
  return [
    '',
    `Connect an MCP client to ${url}`,
    `  MCP Inspector 2 (Node 22.19+): ${inspectorCommand(url, token)}`,
    `  Claude Desktop / Cursor (mcp-remote): ${mcpRemoteConfig(url, token)}`,
    `  Claude Code: claude mcp add --transport http gui-bridge ${url}${token ? ' --header "Authorization: Bearer <token>"' : ''}`,
    '  Agent frameworks (AI SDK, LangChain, OpenAI Agents SDK): serve with --stable-tools (docs/frameworks.md)',
    '',
    '',
  ].join('\n');
}
