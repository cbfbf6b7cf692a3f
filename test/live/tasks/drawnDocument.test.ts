/**
 * Agent task: write into a document that exposes no text. AbiWord draws its page on a bare
 * drawing area (no Text interface, no children): the window still gets type_text (keyboard
 * route), its summary says the text cannot be read, and the typed text reaches the document,
 * checked on disk after the agent saved through the menu tool.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import type { LaunchedApp } from '../../../src/platform/linux/desktop/index.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import { useLiveBridge } from '../helpers/liveBridge.js';

const stack = displayStack(['abiword']);

describe.skipIf(stack.skip)('agent task: type into AbiWord, whose page is a bare drawing area', () => {
  const live = useLiveBridge();
  // The apps printed no critical or warning during the test (../helpers/appLogs.ts).
  afterEach(() => expectAppsQuiet(live.desktop));
  const folder = mkdtempSync(join(tmpdir(), 'gui-bridge-abiword-'));
  const file = join(folder, 'letter.txt');
  let abiword: LaunchedApp | undefined;
  beforeAll(async () => {
    writeFileSync(file, 'Second line\n');
    abiword = await live.desktop.launch('abiword', [file]);
  }, 60_000);
  afterAll(async () => {
    await abiword?.kill();
    rmSync(folder, { recursive: true, force: true });
  });

  it('offers type_text, says the text cannot be read, and the typed text is saved', async () => {
    const w = await waitFor(async () => {
      const found = await live.windowTitled(/^letter\.txt$/, 60_000);
      return found.summary?.includes('cannot be read') ? found : null;
    }, 60_000);
    expect(w.summary).toMatch(/a document whose text cannot be read/);
    const tools = (await live.client.client.listTools()).tools.map((t) => t.name);
    expect(tools).toEqual(expect.arrayContaining([`${w.id}__type_text`, `${w.id}__menu`]));

    const typed = await live.client.call(`${w.id}__type_text`, { text: 'Dear reader, ' });
    expect(typed.isError, JSON.stringify(typed.structuredContent)).toBeFalsy();
    expect((typed.structuredContent as { result?: unknown }).result).toEqual({ via: 'keyboard' });
    const saved = await live.client.call(`${w.id}__menu`, { path: 'File > Save' });
    expect(saved.isError, JSON.stringify(saved.structuredContent)).toBeFalsy();
    await waitFor(() => readFileSync(file, 'utf8').startsWith('Dear reader, Second line'), 15_000);
  }, 150_000);
});
