/**
 * Live pairing: a dialog opened while serving becomes readable as soon as its
 * accessible exists, and the tool that opened it returns it in openedWindowIds only once it is
 * readable (or with a notice at its deadline). Mousepad (GTK3, not gedit) opens File › Save As
 * through the generic `menu` tool; its file chooser must be read fully, not window-only.
 */
import { describe, expect, it } from 'vitest';
import { displayStack } from './helpers/desktop.js';
import { useLiveBridge } from './helpers/liveBridge.js';

const stack = displayStack(['mousepad']);

describe.skipIf(stack.skip)('live pairing of windows that open while serving', () => {
  const live = useLiveBridge({ desktop: { apps: ['mousepad'] } });

  it('a Save As dialog opened through `menu` is readable when the tool returns', async () => {
    const editor = await live.windowTitled(/Mousepad/);
    const tools = (await live.client.client.listTools()).tools.map((t) => t.name);
    const menuTool = tools.find((name) => name.startsWith(`${editor.id}__`) && name.endsWith('menu'));
    expect(menuTool).toBeDefined();
    // Mousepad's menu bar is big: its path is a string the server checks, written as an agent would.
    const saveAs = 'File > Save As…';
    const result = await live.client.client.callTool({ name: menuTool as string, arguments: { path: saveAs } });
    const structured = result.structuredContent as { openedWindowIds: string[]; message: string };
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect(structured.openedWindowIds).toHaveLength(1);
    const dialogId = structured.openedWindowIds[0] as string;
    const snapshot = await live.client.snapshot();
    const dialog = snapshot.windows.find((w) => w.id === dialogId);
    expect(dialog?.summary).not.toMatch(/cannot be read/);
    expect(JSON.stringify(dialog?.blocks)).not.toMatch(/exposes no accessibility|has not appeared yet/);
    // The file chooser translator engaged: the dialog offers its own tools, not only keyboard ones.
    const dialogTools = (await live.client.client.listTools()).tools.map((t) => t.name).filter((n) => n.startsWith(`${dialogId}__`));
    expect(
      dialogTools.some((n) => /__(save|choose|set_name|cancel)/.test(n)),
      dialogTools.join(', '),
    ).toBe(true);
    // The editor stays readable while its modal dialog runs (our reads do not share the dialog's connection).
    const editorNow = snapshot.windows.find((w) => w.id === editor.id);
    expect(editorNow?.summary).not.toMatch(/cannot be read/);
  }, 60_000);
});
