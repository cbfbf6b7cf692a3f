/** Trees and node actions on macOS through the AX helper. */
import type { A11yNode, NativeWindow, TreeBudget } from '../probe.js';
import { buildForest } from '../shared-desktop/flatTree.js';
import type { HelperRequester } from '../shared-desktop/helperClient.js';
import { HelperError } from '../shared-desktop/helperProtocol.js';
import { insertBySplice, type TreeResult, type TreeSource } from '../shared-desktop/types.js';
import { axNodeToA11y } from './axMapping.js';
import { AxChildrenResultSchema, AxCloseResultSchema, AxDoneSchema, AxTextResultSchema, AxTreeResultSchema } from './axSchemas.js';
import { treesUnavailableText } from '../shared-desktop/windowOnly.js';
import { PERMISSION_NOTICE } from './permission.js';
import { own } from '../../util/own.js';

const TRANSPORT_MARGIN_MS = 2000;

/** Neutral action names → AX actions (the reverse of axMapping's ACTION_NAMES). */
const AX_ACTIONS: Record<string, string> = {
  click: 'AXPress',
  press: 'AXPress',
  activate: 'AXPress',
  toggle: 'AXPress',
  increment: 'AXIncrement',
  decrement: 'AXDecrement',
  confirm: 'AXConfirm',
  cancel: 'AXCancel',
  show_menu: 'AXShowMenu',
  pick: 'AXPick',
};

export class AxTreeSource implements TreeSource {
  constructor(private readonly client: HelperRequester) {}

  async readTree(window: NativeWindow, budget: TreeBudget): Promise<TreeResult> {
    const params = { pid: window.pid, windowId: Number(window.nativeId), maxNodes: budget.maxNodes, maxDepth: budget.maxDepth, deadlineMs: budget.deadlineMs };
    try {
      const result = await this.client.request('tree', params, AxTreeResultSchema, budget.deadlineMs + TRANSPORT_MARGIN_MS);
      const { roots, nodeCount } = buildForest(result.nodes, (raw, parent) => axNodeToA11y(raw, parent, window.modal));
      const root = roots[0];
      if (!root) throw new Error(`window ${window.nativeId} has no accessibility element`);
      const warnings = result.timedOut ? [`This window answered slowly: only part of its content was read within ${budget.deadlineMs} ms.`] : [];
      return { root, nodeCount, truncated: result.truncated, warnings };
    } catch (error) {
      return unavailableOrThrow(error, window);
    }
  }

  async doAction(ref: string, action: string): Promise<void> {
    if (action === 'select') return this.select(ref);
    if (action === 'expand' || action === 'collapse') return this.setBool(ref, 'AXExpanded', action === 'expand');
    const axAction = own(AX_ACTIONS, action);
    if (!axAction) throw new Error(`unknown action "${action}"`);
    await this.client.request('perform', { ref, action: axAction }, AxDoneSchema);
  }

  async setText(ref: string, text: string): Promise<void> {
    await this.client.request('setValue', { ref, value: text }, AxDoneSchema);
  }

  insertText(ref: string, text: string, offset?: number): Promise<void> {
    return insertBySplice(this, ref, text, offset);
  }

  async setValue(ref: string, value: number): Promise<void> {
    await this.client.request('setNumber', { ref, value }, AxDoneSchema);
  }

  async select(ref: string): Promise<void> {
    try {
      await this.setBool(ref, 'AXSelected', true);
    } catch (error) {
      // Tabs and radio buttons are selected by pressing them, rows and items by AXSelected.
      if (!(error instanceof HelperError && error.remoteCode === 'unsupported')) throw error;
      await this.client.request('perform', { ref, action: 'AXPress' }, AxDoneSchema);
    }
  }

  focus(ref: string): Promise<void> {
    return this.setBool(ref, 'AXFocused', true);
  }

  async readChildren(ref: string, offset: number, limit: number): Promise<A11yNode[]> {
    const result = await this.client.request('children', { ref, offset, limit, depth: 2 }, AxChildrenResultSchema);
    return buildForest(result.nodes, (raw, parent) => axNodeToA11y(raw, parent, false)).roots;
  }

  async readText(ref: string): Promise<string> {
    return (await this.client.request('readText', { ref }, AxTextResultSchema)).text;
  }

  async closeWindow(window: NativeWindow): Promise<boolean> {
    return (await this.client.request('close', { pid: window.pid, windowId: Number(window.nativeId) }, AxCloseResultSchema)).closed;
  }

  close(): Promise<void> {
    return this.client.close();
  }

  private async setBool(ref: string, attribute: string, value: boolean): Promise<void> {
    await this.client.request('setBool', { ref, attribute, value }, AxDoneSchema);
  }
}

function unavailableOrThrow(error: unknown, window: NativeWindow): TreeResult {
  if (error instanceof HelperError && error.remoteCode === 'not_trusted') return { unavailable: PERMISSION_NOTICE };
  if (error instanceof HelperError && (error.code === 'unavailable' || error.code === 'crashed' || error.code === 'timeout')) {
    return { unavailable: treesUnavailableText(error.message) };
  }
  if (error instanceof HelperError && error.remoteCode === 'not_found') throw new Error(`window ${window.nativeId} is gone`);
  throw error;
}
