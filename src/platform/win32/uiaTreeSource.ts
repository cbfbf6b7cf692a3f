/** Trees and node actions on Windows through the UI Automation helper. */
import type { A11yNode, NativeWindow, TreeBudget } from '../probe.js';
import { buildForest } from '../shared-desktop/flatTree.js';
import type { HelperRequester } from '../shared-desktop/helperClient.js';
import { HelperError } from '../shared-desktop/helperProtocol.js';
import { insertBySplice, type TreeResult, type TreeSource } from '../shared-desktop/types.js';
import { treesUnavailableText } from '../shared-desktop/windowOnly.js';
import { uiaNodeToA11y } from './uiaMapping.js';
import { UiaChildrenResultSchema, UiaCloseResultSchema, UiaDoneSchema, UiaTextResultSchema, UiaTreeResultSchema } from './uiaSchemas.js';

/** Extra time the client allows beyond the helper's own walking deadline (JSON, pipes). */
const TRANSPORT_MARGIN_MS = 2000;

/** "click" may land on an element that toggles or selects instead of invoking. */
const CLICK_FALLBACKS = ['invoke', 'toggle', 'select'] as const;

export class UiaTreeSource implements TreeSource {
  constructor(private readonly client: HelperRequester) {}

  async readTree(window: NativeWindow, budget: TreeBudget): Promise<TreeResult> {
    const params = { hwnd: Number(window.nativeId), maxNodes: budget.maxNodes, maxDepth: budget.maxDepth, deadlineMs: budget.deadlineMs };
    try {
      const result = await this.client.request('tree', params, UiaTreeResultSchema, budget.deadlineMs + TRANSPORT_MARGIN_MS);
      const { roots, nodeCount } = buildForest(result.nodes, (raw, parent) => uiaNodeToA11y(raw, parent, window.modal));
      const root = roots[0];
      if (!root) throw new Error(`window ${window.nativeId} has no UI Automation element`);
      const warnings = result.timedOut ? [`This window answered slowly: only part of its content was read within ${budget.deadlineMs} ms.`] : [];
      return { root, nodeCount, truncated: result.truncated, warnings };
    } catch (error) {
      return unavailableOrThrow(error, window);
    }
  }

  async doAction(ref: string, action: string): Promise<void> {
    if (action === 'click' || action === 'press' || action === 'activate' || action === 'invoke') return this.click(ref);
    if (action === 'toggle' || action === 'select' || action === 'expand' || action === 'collapse') return this.act(ref, action);
    throw new Error(`unknown action "${action}"`);
  }

  async setText(ref: string, text: string): Promise<void> {
    await this.client.request('setValue', { ref, value: text }, UiaDoneSchema);
  }

  insertText(ref: string, text: string, offset?: number): Promise<void> {
    return insertBySplice(this, ref, text, offset);
  }

  async setValue(ref: string, value: number): Promise<void> {
    await this.client.request('setRange', { ref, value }, UiaDoneSchema);
  }

  select(ref: string): Promise<void> {
    return this.act(ref, 'select');
  }

  focus(ref: string): Promise<void> {
    return this.act(ref, 'focus');
  }

  async readChildren(ref: string, offset: number, limit: number): Promise<A11yNode[]> {
    const result = await this.client.request('children', { ref, offset, limit, depth: 2 }, UiaChildrenResultSchema);
    return buildForest(result.nodes, (raw, parent) => uiaNodeToA11y(raw, parent, false)).roots;
  }

  async readText(ref: string): Promise<string> {
    return (await this.client.request('readText', { ref }, UiaTextResultSchema)).text;
  }

  async closeWindow(window: NativeWindow): Promise<boolean> {
    return (await this.client.request('close', { hwnd: Number(window.nativeId) }, UiaCloseResultSchema)).closed;
  }

  close(): Promise<void> {
    return this.client.close();
  }

  private async act(ref: string, action: string): Promise<void> {
    await this.client.request('act', { ref, action }, UiaDoneSchema);
  }

  private async click(ref: string): Promise<void> {
    for (const action of CLICK_FALLBACKS) {
      try {
        return await this.act(ref, action);
      } catch (error) {
        if (!(error instanceof HelperError && error.remoteCode === 'unsupported')) throw error;
      }
    }
    throw new Error('the element cannot be invoked, toggled or selected');
  }
}

function unavailableOrThrow(error: unknown, window: NativeWindow): TreeResult {
  if (error instanceof HelperError && (error.code === 'unavailable' || error.code === 'crashed' || error.code === 'timeout')) {
    return { unavailable: treesUnavailableText(error.message) };
  }
  if (error instanceof HelperError && error.remoteCode === 'not_found') throw new Error(`window ${window.nativeId} is gone`);
  throw error;
}
