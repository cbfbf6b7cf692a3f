/**
 * The zod ports of the official wire schemas behave like the official pydantic validation
 * (unknown keys dropped, required keys enforced), and the Computer's wire mappers produce values
 * they keep whole.
 */
import type { Resource } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, test } from 'vitest';
import { toServerConfig, type ServerLaunch } from '../../src/a2c/computer/serverConfig.js';
import { blobError } from '../../src/a2c/computer/blobSpool.js';
import { getSkill, listSkills } from '../../src/a2c/computer/skillChannel.js';
import { cancelledResult, toA2cResource, toSmcpTool } from '../../src/a2c/computer/wire.js';
import {
  A2CResource,
  ErrorPayload,
  GetComputerConfigRet,
  GetSkillsRet,
  isProtocolErrorPayload,
  isValidSkillName,
  MCPServerConfig,
  SMCPTool,
} from '../../src/a2c/schemas/index.js';
import { droppedPaths, officialCheck } from './helpers/officialValidation.js';

const mcpResource: Resource = {
  uri: 'window://org.example.app/w1',
  name: 'Editor',
  title: 'Editor — draft',
  description: 'Editing a draft.',
  mimeType: 'text/plain',
  icons: [{ src: 'https://example.org/i.png' }],
  annotations: { audience: ['assistant'], priority: 0.9, lastModified: '2026-05-08T09:14:03.120Z' },
  _meta: { fullscreen: false },
};

describe('pydantic-like validation', () => {
  test('an MCP Resource sent as is loses its MIME type, last-modified time and title', () => {
    const kept = A2CResource.parse(mcpResource);
    expect(droppedPaths(mcpResource, kept).sort()).toEqual(['annotations.lastModified', 'icons', 'mimeType', 'title']);
  });

  test('toA2cResource keeps everything the schema knows and nothing else', () => {
    const a2c = toA2cResource(mcpResource);
    expect(a2c).toEqual({
      uri: mcpResource.uri,
      name: 'Editor',
      description: 'Editing a draft.',
      mime_type: 'text/plain',
      annotations: { audience: ['assistant'], priority: 0.9, last_modified: '2026-05-08T09:14:03.120Z' },
      _meta: { fullscreen: false },
    });
    expect(droppedPaths(a2c, A2CResource.parse(a2c))).toEqual([]);
    expect(toA2cResource({ uri: 'app://windows', name: 'w', annotations: {} })).toEqual({ uri: 'app://windows', name: 'w' });
  });

  test('required keys are enforced; a 0.2.1 server knows no 404 and raises on a {code: 404} config reply', () => {
    expect(GetComputerConfigRet.safeParse({ code: 404, message: 'no' }).success).toBe(false);
    expect(isProtocolErrorPayload({ code: 404, message: 'no' })).toBe(false);
    expect(officialCheck('client:get_config', { code: 404, message: 'no' }).error).toMatch(/servers/);
    expect(isProtocolErrorPayload({ code: 4014, message: 'x' })).toBe(true);
    expect(ErrorPayload.parse({ code: 4014, message: 'x', mcp_server_name: 's', extra: 1 })).toEqual({ code: 4014, message: 'x', mcp_server_name: 's' });
  });

  test('SMCPTool.meta takes attribute values only: nulls and objects travel as JSON strings', () => {
    const tool = toSmcpTool({
      name: 't',
      inputSchema: { type: 'object' },
      _meta: { a: null, b: { x: 1 }, c: 'ok', d: 2 },
      annotations: { readOnlyHint: true },
    });
    expect(tool.meta).toEqual({ a: 'null', b: '{"x":1}', c: 'ok', d: 2, MCP_TOOL_ANNOTATION: '{"readOnlyHint":true}' });
    expect(SMCPTool.parse(tool)).toEqual(tool);
    expect(SMCPTool.safeParse({ ...tool, meta: { a: null } }).success).toBe(false);
  });

  test('server configs of every launch kind are valid MCPServerConfig, with no environment or headers', () => {
    const launches: ServerLaunch[] = [
      { type: 'stdio', command: 'gui-bridge', args: ['serve'] },
      { type: 'streamable', url: 'http://127.0.0.1:3000/mcp' },
      { type: 'sse', url: 'http://127.0.0.1:3000/sse' },
    ];
    for (const launch of launches) {
      const config = toServerConfig('s', launch);
      expect(MCPServerConfig.parse(config)).toEqual(config);
      expect(JSON.stringify(config)).not.toMatch(/"(env|headers)":\{/);
    }
  });

  test('SKILL name lexer (skill.md §1.4) and the empty SKILL channel', () => {
    for (const ok of ['my-helper', 'acme-audit:audit', 'mcp:gui_bridge-1:read', 'a']) expect(isValidSkillName(ok)).toBe(true);
    for (const bad of ['', '-x', 'x-', 'a--b', 'Upper', 'x:y:z', 'mcp::x', 'a:b:c:d', 'mcp:s p:x', 'x'.repeat(65)]) expect(isValidSkillName(bad)).toBe(false);
    expect(GetSkillsRet.parse(listSkills('r'))).toEqual({ skills: [], req_id: 'r' });
    expect(getSkill('bad name')).toMatchObject({ code: 4016, details: { name: 'bad name' } });
    expect(getSkill('good-name')).toMatchObject({ code: 4014 });
    for (const error of [getSkill('bad name'), getSkill('good-name'), blobError('gone')]) {
      expect(isProtocolErrorPayload(error)).toBe(true);
      expect(droppedPaths(error, ErrorPayload.parse(error))).toEqual([]);
    }
  });

  test('the cancelled result is a valid CallToolResult with result-level meta markers', () => {
    expect(officialCheck('client:tool_call', cancelledResult())).toEqual({ relayed: cancelledResult(), error: null, dropped: [] });
  });
});
