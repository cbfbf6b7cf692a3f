/**
 * ax-helper.js runs under osascript (JavaScriptCore), which this Linux machine does not have:
 * check its syntax with V8's parser and its contract with the TypeScript client. Its behaviour
 * is tested by darwinBridge.test.ts, which runs it over AX fixtures with a fake JXA bridge.
 */
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { AX_HELPER_SCRIPT } from '../../../src/platform/darwin/index.js';
import { AX_METHODS } from '../../../src/platform/darwin/axSchemas.js';
import { FakeAx, JxaHelper, loadAxFixture } from './fakeJxa.js';

const source = readFileSync(AX_HELPER_SCRIPT, 'utf8');

describe('ax-helper.js', () => {
  it('is valid JavaScript (parsed, not run)', () => {
    expect(() => new vm.Script(source, { filename: 'ax-helper.js' })).not.toThrow();
    expect(() => new vm.Script(source.replace('function run() {', 'function run() {{'))).toThrow(SyntaxError);
  });

  it('handles exactly the methods the client calls', () => {
    const helper = new JxaHelper(new FakeAx(loadAxFixture('textedit-save-sheet')));
    expect([...helper.methods].sort()).toEqual([...AX_METHODS].sort());
  });

  it('defines run(), the entry point osascript calls, which announces readiness before serving', () => {
    expect(source).toMatch(/^function run\(\) \{\n {2}writeLine\(\{ event: 'ready', info: /m);
  });

  it('answers not_trusted, not a crash, when the accessibility permission is missing', async () => {
    const fixture = loadAxFixture('textedit-save-sheet');
    fixture.trusted = false;
    const helper = new JxaHelper(new FakeAx(fixture));
    const failure = await helper
      .request('tree', { pid: 811, windowId: 301, maxNodes: 10, maxDepth: 5, deadlineMs: 1000 }, (await import('zod')).z.unknown())
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'remote', remoteCode: 'not_trusted' });
  });
});
