/**
 * Runs the real src/platform/darwin/ax-helper.js in a Node vm with a fake of the JXA Objective-C
 * bridge (`ObjC`, `$`, `Ref`) whose AX functions serve a hand-written AX fixture (fixtures/ax).
 * The bridge semantics mimicked: `Ref()` out-parameters read as `ref[0]`, `ObjC.unwrap` turning
 * NSString/NSNumber into JS values and NSArray into an array of objects, AXValue structs readable
 * only through CFCopyDescription, AX error codes as return values.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import type { z } from 'zod';
import type { HelperRequester } from '../../../src/platform/shared-desktop/helperClient.js';
import { HelperError, ResponseLineSchema } from '../../../src/platform/shared-desktop/helperProtocol.js';
import { AX_HELPER_SCRIPT } from '../../../src/platform/darwin/index.js';

export interface AxElementSpec {
  id?: string;
  windowId?: number;
  attributes: Record<string, unknown>;
  actions: string[];
  settable: string[];
  children: AxElementSpec[];
}

export interface AxAppSpec {
  pid: number;
  bundleId: string;
  name: string;
  path: string;
  windows: AxElementSpec[];
}

export interface AxFixture {
  trusted: boolean;
  activeId: number;
  apps: AxAppSpec[];
  otherApps: AxAppSpec[];
  nwm: Array<{ id: number; processId: number; path: string; title: string; bounds: { x: number; y: number; width: number; height: number } }>;
}

export function loadAxFixture(name: string): AxFixture {
  return JSON.parse(readFileSync(join('fixtures', 'ax', `${name}.json`), 'utf8')) as AxFixture;
}

const AX_ERROR = { attributeUnsupported: -25205, actionUnsupported: -25206, noValue: -25212, apiDisabled: -25211 };

/** An Objective-C object as JXA hands it out: `isNil()`, and a value `ObjC.unwrap` returns. */
class Boxed {
  constructor(readonly value: unknown) {}
  isNil(): boolean {
    return false;
  }
  dataUsingEncoding(): { text: string } {
    return { text: String(this.value) };
  }
}

export interface AxRead {
  role: unknown;
  subrole: unknown;
  attribute: string;
}

export class FakeAx {
  readonly reads: AxRead[] = [];
  readonly writes: Array<{ attribute: string; value: unknown; role: unknown }> = [];
  readonly performed: Array<{ action: string; title: unknown; role: unknown }> = [];
  /** Runs after an action was performed: tests change the fixture here to show an effect. */
  onPerform: (element: AxElementSpec, action: string) => void = () => undefined;

  constructor(readonly fixture: AxFixture) {}

  byId(id: string): AxElementSpec | undefined {
    const search = (elements: AxElementSpec[]): AxElementSpec | undefined => {
      for (const element of elements) {
        if (element.id === id) return element;
        const found = search(element.children);
        if (found) return found;
      }
      return undefined;
    };
    return search(this.fixture.apps.flatMap((a) => a.windows));
  }

  /** The globals the helper script sees in place of JXA's. */
  globals(): Record<string, unknown> {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the fake JXA object model hands itself to callbacks
    const fake = this;
    const dollar = Object.assign((value: unknown) => new Boxed(value), {
      AXIsProcessTrusted: () => fake.fixture.trusted,
      AXUIElementCreateApplication: (pid: number) => fake.applicationElement(pid),
      AXUIElementSetMessagingTimeout: () => 0,
      AXUIElementCopyAttributeValue: (element: AxElementSpec, name: string, ref: unknown[]) => fake.copy(element, name, ref),
      AXUIElementSetAttributeValue: (element: AxElementSpec, name: string, value: Boxed) => fake.set(element, name, value),
      AXUIElementPerformAction: (element: AxElementSpec, action: string) => fake.perform(element, action),
      AXUIElementCopyActionNames: (element: AxElementSpec, ref: unknown[]) => ((ref[0] = new Boxed(element.actions.map((a) => new Boxed(a)))), 0),
      AXUIElementIsAttributeSettable: (element: AxElementSpec, name: string, ref: unknown[]) => ((ref[0] = element.settable.includes(name)), 0),
      _AXUIElementGetWindow: (element: AxElementSpec, ref: unknown[]) =>
        element.windowId === undefined ? AX_ERROR.attributeUnsupported : ((ref[0] = element.windowId), 0),
      CFCopyDescription: (value: Boxed) => {
        const f = value.value as { x: number; y: number; w: number; h: number };
        return new Boxed(`<AXValue 0x600> {value = x:${f.x}.000000 y:${f.y}.000000 w:${f.w}.000000 h:${f.h}.000000 type = kAXValueCGRectType}`);
      },
      NSRunningApplication: { runningApplicationWithProcessIdentifier: (pid: number) => fake.runningApplication(pid) },
      NSNumber: { numberWithBool: (value: boolean) => new Boxed(value), numberWithDouble: (value: number) => new Boxed(value) },
    });
    return {
      ObjC: { import: () => undefined, bindFunction: () => undefined, unwrap: (value: unknown) => (value instanceof Boxed ? value.value : value) },
      $: dollar,
      Ref: () => [],
    };
  }

  private apps(): AxAppSpec[] {
    return [...this.fixture.apps, ...this.fixture.otherApps];
  }

  private applicationElement(pid: number): AxElementSpec {
    const app = this.apps().find((a) => a.pid === pid);
    return { attributes: { AXRole: 'AXApplication', AXTitle: app?.name ?? '' }, actions: [], settable: [], children: app?.windows ?? [] };
  }

  private runningApplication(pid: number): unknown {
    const app = this.apps().find((a) => a.pid === pid);
    if (!app) return { isNil: () => true };
    return { isNil: () => false, bundleIdentifier: new Boxed(app.bundleId), localizedName: new Boxed(app.name) };
  }

  private copy(element: AxElementSpec, name: string, ref: unknown[]): number {
    if (!this.fixture.trusted) return AX_ERROR.apiDisabled;
    this.reads.push({ role: element.attributes.AXRole, subrole: element.attributes.AXSubrole, attribute: name });
    const value = this.attribute(element, name);
    if (value === undefined) return AX_ERROR.attributeUnsupported;
    if (value === null) return AX_ERROR.noValue;
    ref[0] = value instanceof Boxed || isElement(value) ? value : new Boxed(value);
    return 0;
  }

  private attribute(element: AxElementSpec, name: string): unknown {
    if (name === 'AXChildren' || name === 'AXWindows') return new Boxed(element.children);
    if (name === 'AXCloseButton') return element.children.find((c) => c.attributes.AXSubrole === 'AXCloseButton');
    if (name === 'AXTitleUIElement') return this.byId(String(element.attributes.AXTitleUIElement ?? '')) ?? undefined;
    if (name === 'AXFrame') return element.attributes.AXFrame === undefined ? undefined : new Boxed(element.attributes.AXFrame);
    return element.attributes[name];
  }

  private set(element: AxElementSpec, name: string, value: Boxed): number {
    if (!element.settable.includes(name) && name !== 'AXMinimized') return AX_ERROR.attributeUnsupported;
    this.writes.push({ attribute: name, value: value.value, role: element.attributes.AXRole });
    element.attributes[name] = value.value;
    return 0;
  }

  private perform(element: AxElementSpec, action: string): number {
    if (!element.actions.includes(action)) return AX_ERROR.actionUnsupported;
    this.performed.push({ action, title: element.attributes.AXTitle, role: element.attributes.AXRole });
    // Like AppKit: pressing a check box flips its value.
    if (action === 'AXPress' && element.attributes.AXRole === 'AXCheckBox') element.attributes.AXValue = element.attributes.AXValue ? 0 : 1;
    this.onPerform(element, action);
    return 0;
  }
}

function isElement(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'attributes' in value && 'children' in value;
}

/** The real ax-helper.js, evaluated once per helper, answering requests synchronously. */
export class JxaHelper implements HelperRequester {
  readonly isDown = false;
  readonly methods: string[];
  private readonly handleLine: (line: string) => unknown;
  private nextId = 1;

  constructor(readonly ax: FakeAx) {
    const context = vm.createContext(ax.globals());
    vm.runInContext(readFileSync(AX_HELPER_SCRIPT, 'utf8'), context, { filename: 'ax-helper.js' });
    this.handleLine = context.handleLine as (line: string) => unknown;
    this.methods = Object.keys(context.METHODS as object);
  }

  async request<T>(method: string, params: Record<string, unknown>, schema: z.ZodType<T>): Promise<T> {
    const id = this.nextId++;
    // Through JSON both ways, as over the pipe.
    const line = ResponseLineSchema.parse(JSON.parse(JSON.stringify(this.handleLine(JSON.stringify({ id, method, params })))));
    if (line.id !== id) throw new Error(`answer ${line.id} to request ${id}`);
    if (!line.ok) throw new HelperError('remote', `${method}: ${line.error.message}`, line.error.code);
    return schema.parse(line.result);
  }

  async close(): Promise<void> {}
}
