/**
 * An in-memory stand-in for uia-helper.ps1 that answers from a hand-written fixture
 * (fixtures/uia/*.json) and records every request, plus the matching fake node-window-manager.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { HelperRequester } from '../../../src/platform/shared-desktop/helperClient.js';
import { HelperError } from '../../../src/platform/shared-desktop/helperProtocol.js';
import { UiaTreeResultSchema, UiaWindowInfoSchema, type UiaNode } from '../../../src/platform/win32/uiaSchemas.js';
import { FakeWindowManager } from '../shared-desktop/fakes.js';

const UiaFixtureSchema = z.object({
  about: z.string(),
  scenario: z.string(),
  sources: z.array(z.string()),
  process: z.object({ pid: z.number(), path: z.string() }),
  activeHwnd: z.number(),
  windows: z.array(
    z.object({
      hwnd: z.number(),
      title: z.string(),
      bounds: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
      ownerHwnd: z.number(),
      info: UiaWindowInfoSchema,
      tree: UiaTreeResultSchema,
    }),
  ),
});
export type UiaFixture = z.infer<typeof UiaFixtureSchema>;

export function loadUiaFixture(name: string): UiaFixture {
  return UiaFixtureSchema.parse(JSON.parse(readFileSync(join('fixtures', 'uia', `${name}.json`), 'utf8')));
}

export function fakeWindowManagerFor(fixture: UiaFixture): FakeWindowManager {
  const specs = fixture.windows.map((w) => ({
    id: w.hwnd,
    processId: fixture.process.pid,
    path: fixture.process.path,
    title: w.title,
    bounds: w.bounds,
    ownerId: w.ownerHwnd,
  }));
  return new FakeWindowManager(specs, fixture.activeHwnd);
}

export interface Call {
  method: string;
  params: Record<string, unknown>;
}

export class FakeUiaHelper implements HelperRequester {
  readonly calls: Call[] = [];
  /** Set to make every request fail like a dead helper. */
  failure: HelperError | null = null;
  /** Runs after a request was answered: tests change the fixture here to show an effect. */
  onCall: (call: Call) => void = () => undefined;

  constructor(readonly fixture: UiaFixture) {}

  get isDown(): boolean {
    return this.failure?.code === 'unavailable';
  }

  async request<T>(method: string, params: Record<string, unknown>, schema: z.ZodType<T>): Promise<T> {
    const call = { method, params };
    this.calls.push(call);
    if (this.failure) throw this.failure;
    const answer = schema.parse(this.answer(method, params));
    this.onCall(call);
    return answer;
  }

  async close(): Promise<void> {}

  node(ref: string): UiaNode {
    for (const window of this.fixture.windows) {
      const found = window.tree.nodes.find((n) => n.ref === ref);
      if (found) return found;
    }
    throw new HelperError('remote', 'the element is gone', 'not_found');
  }

  /** The ref of the first node with this control type and name. */
  refOf(controlType: string, name: string): string {
    for (const window of this.fixture.windows) {
      const found = window.tree.nodes.find((n) => n.controlType === controlType && n.name === name);
      if (found) return found.ref;
    }
    throw new Error(`no ${controlType} "${name}" in the fixture`);
  }

  private window(hwnd: unknown) {
    const found = this.fixture.windows.find((w) => w.hwnd === hwnd);
    if (!found) throw new HelperError('remote', `window ${String(hwnd)} is gone`, 'not_found');
    return found;
  }

  private answer(method: string, params: Record<string, unknown>): unknown {
    switch (method) {
      case 'windows':
        return { windows: (params.hwnds as number[]).map((hwnd) => this.fixture.windows.find((w) => w.hwnd === hwnd)?.info ?? { hwnd, found: false }) };
      case 'tree':
        return this.window(params.hwnd).tree;
      case 'act':
        return this.act(String(params.ref), String(params.action));
      case 'setValue':
        return this.setValue(String(params.ref), String(params.value));
      case 'setRange':
        return this.requirePattern(String(params.ref), 'RangeValue') && { done: true };
      case 'readText':
        return this.readText(String(params.ref));
      case 'activate':
        return this.window(params.hwnd) && { done: true };
      case 'close':
        return this.window(params.hwnd) && { closed: true };
      default:
        throw new HelperError('remote', `unknown method ${method}`, 'unknown_method');
    }
  }

  /** Patterns take effect like in an application: values change, toggles flip. */
  private act(ref: string, action: string): unknown {
    const pattern = { invoke: 'Invoke', toggle: 'Toggle', select: 'SelectionItem', expand: 'ExpandCollapse', collapse: 'ExpandCollapse' }[action];
    if (action !== 'focus') this.requirePattern(ref, pattern ?? '?');
    const node = this.node(ref);
    if (action === 'toggle') node.toggle = node.toggle === 'On' ? 'Off' : 'On';
    if (action === 'select') node.selected = true;
    return { done: true };
  }

  private setValue(ref: string, value: string): unknown {
    this.requirePattern(ref, 'Value');
    const node = this.node(ref);
    if (!node.password) node.value = value;
    return { done: true };
  }

  private readText(ref: string): unknown {
    const node = this.node(ref);
    if (node.password) throw new HelperError('remote', 'the text of a password field is never read', 'sensitive');
    return { text: node.value ?? node.name };
  }

  private requirePattern(ref: string, pattern: string): true {
    if (!this.node(ref).patterns.includes(pattern)) throw new HelperError('remote', `the element has no ${pattern} pattern`, 'unsupported');
    return true;
  }
}
