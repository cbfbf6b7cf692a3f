/**
 * uia-helper.ps1 cannot run here (Linux, no PowerShell package in Debian): these tests check it
 * as text. Its syntax with the tree-sitter PowerShell grammar when the dev dependencies are
 * installed (else the bracket check still runs); and the contract with the TypeScript side:
 * every method the client calls is dispatched, every field the schemas read is written, and
 * password fields are never read.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UIA_HELPER_SCRIPT } from '../../../src/platform/win32/index.js';
import { UIA_METHODS, UiaNodeSchema, UiaWindowInfoSchema } from '../../../src/platform/win32/uiaSchemas.js';
import { bracketProblems, loadPowerShellParser, type PowerShellParser } from './powershellSyntax.js';

const script = readFileSync(UIA_HELPER_SCRIPT, 'utf8');

function functionBody(name: string): string {
  const start = script.indexOf(`function ${name}`);
  if (start < 0) throw new Error(`uia-helper.ps1 has no function ${name}`);
  const next = script.indexOf('\nfunction ', start + 1);
  return script.slice(start, next < 0 ? undefined : next);
}

const parser: PowerShellParser | null = await loadPowerShellParser();

describe('uia-helper.ps1 syntax', () => {
  it('has balanced brackets outside strings, comments and here-strings', () => {
    expect(bracketProblems(script)).toEqual([]);
  });

  it('the bracket check finds a missing brace', () => {
    expect(bracketProblems(script.replace('if ($null -eq $line) { break }', 'if ($null -eq $line) { break '))).not.toEqual([]);
  });

  // Needs the dev dependencies web-tree-sitter + tree-sitter-powershell (see docs/platforms.md);
  // GUI_BRIDGE_REQUIRE_PS_PARSER=1 makes their absence a failure instead of a skip.
  it.skipIf(process.env.GUI_BRIDGE_REQUIRE_PS_PARSER !== '1' && !parser)('parses without errors with the tree-sitter PowerShell grammar', () => {
    if (!parser) throw new Error('web-tree-sitter / tree-sitter-powershell are not installed');
    expect(parser(script)).toEqual([]);
    expect(parser(script.replace('if ($null -eq $line) { break }', 'if ($null -eq $line { break }'))).not.toEqual([]);
  });
});

describe('uia-helper.ps1 contract with the TypeScript client', () => {
  it('dispatches exactly the methods the client calls', () => {
    const dispatched = [...functionBody('Invoke-Method').matchAll(/^\s+'(\w+)' \{ return Invoke-\w+ \$P \}/gm)].map((m) => m[1]);
    expect(dispatched.sort()).toEqual([...UIA_METHODS].sort());
  });

  it('writes every node and window field the schemas read', () => {
    const nodeWriters = ['ConvertTo-Node', 'Add-StateFields', 'Add-ValueField', 'Read-Subtree'].map(functionBody).join('\n');
    for (const field of Object.keys(UiaNodeSchema.shape)) expect(nodeWriters, `node field ${field}`).toMatch(new RegExp(`\\b${field} = |\\.${field} = `));
    const windowWriter = functionBody('Get-WindowInfo');
    for (const field of Object.keys(UiaWindowInfoSchema.shape))
      expect(windowWriter, `window field ${field}`).toMatch(new RegExp(`\\b${field} = |\\.${field} = `));
  });

  it('never reads the text of a password field (P-SENS-1)', () => {
    expect(functionBody('Add-ValueField')).toMatch(/^\s+if \(\$Node\.password\) \{ return \}/m);
    expect(functionBody('Invoke-ReadText')).toMatch(/if \(\$element\.Current\.IsPassword\) \{ throw/);
    // Values are never fetched in bulk through the cache request, only one by one after that check.
    expect(functionBody('New-CacheRequest')).not.toMatch(/\[System\.Windows\.Automation\.ValuePattern\]::ValueProperty/);
  });

  it('answers with the protocol the client parses: a ready line, then id/ok/result or id/ok/error', () => {
    expect(script).toMatch(/Write-Line \(\[ordered\]@\{ event = 'ready'; info = /);
    expect(script).toContain('Write-Line ([ordered]@{ id = $id; ok = $true; result = $result })');
    expect(script).toContain('Write-Line ([ordered]@{ id = $id; ok = $false; error = $problem })');
  });
});
