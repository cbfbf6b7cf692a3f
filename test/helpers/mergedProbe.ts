/**
 * Test helper: several probes seen as one desktop with several applications (D-4). Ids, refs and
 * app keys get a "<prefix>:" so each primitive is routed back to its own probe.
 */
import type { A11yNode, DesktopTopology, KeyInput, Probe, ProbeChange, TreeBudget, WindowTree } from '../../src/platform/probe.js';

export class MergedProbe implements Probe {
  readonly platform = 'merged';
  readonly settleMs = 0;

  constructor(private readonly parts: Record<string, Probe>) {}

  async readTopology(): Promise<DesktopTopology> {
    const parts = await Promise.all(
      Object.entries(this.parts).map(async ([p, probe]) => {
        const { apps, windows } = await probe.readTopology();
        return {
          apps: apps.map((a) => ({ ...a, key: `${p}:${a.key}`, id: `${a.id}.${p}`, name: `${a.name} ${p}` })),
          windows: windows.map((w) => ({
            ...w,
            nativeId: `${p}:${w.nativeId}`,
            appKey: `${p}:${w.appKey}`,
            ownerNativeId: w.ownerNativeId === null ? null : `${p}:${w.ownerNativeId}`,
          })),
        };
      }),
    );
    return { apps: parts.flatMap((part) => part.apps), windows: parts.flatMap((part) => part.windows) };
  }

  async readTree(nativeId: string, budget: TreeBudget): Promise<WindowTree> {
    const [p, id] = split(nativeId);
    const tree = await this.part(p).readTree(id, budget);
    return { ...tree, root: prefixRefs(tree.root, p) };
  }

  subscribe(listener: (change: ProbeChange) => void): () => void {
    const offs = Object.entries(this.parts).map(([p, probe]) =>
      probe.subscribe((c) => listener(c.kind === 'content' ? { kind: 'content', nativeIds: c.nativeIds.map((id) => `${p}:${id}`) } : c)),
    );
    return () => offs.forEach((off) => off());
  }

  doAction = (ref: string, action: string) => this.route(ref, (probe, r) => probe.doAction(r, action));
  setText = (ref: string, text: string) => this.route(ref, (probe, r) => probe.setText(r, text));
  insertText = (ref: string, text: string, offset?: number) => this.route(ref, (probe, r) => probe.insertText(r, text, offset));
  setValue = (ref: string, value: number) => this.route(ref, (probe, r) => probe.setValue(r, value));
  select = (ref: string) => this.route(ref, (probe, r) => probe.select(r));
  focus = (ref: string) => this.route(ref, (probe, r) => probe.focus(r));
  click = (ref: string) => this.route(ref, (probe, r) => probe.click(r));
  readText = (ref: string) => this.route(ref, (probe, r) => probe.readText(r));
  activateWindow = (id: string) => this.route(id, (probe, r) => probe.activateWindow(r));
  closeWindow = (id: string) => this.route(id, (probe, r) => probe.closeWindow(r));
  sendKeys = (id: string, input: KeyInput) => this.route(id, (probe, r) => probe.sendKeys(r, input));
  doAppAction = (appKey: string, name: string) => this.route(appKey, (probe, r) => probe.doAppAction(r, name));
  readChildren = async (ref: string, offset: number, limit: number): Promise<A11yNode[]> => {
    const [p, r] = split(ref);
    return (await this.part(p).readChildren(r, offset, limit)).map((n) => prefixRefs(n, p));
  };

  async close(): Promise<void> {
    await Promise.all(Object.values(this.parts).map((p) => p.close()));
  }

  private route<T>(id: string, run: (probe: Probe, rest: string) => Promise<T>): Promise<T> {
    const [p, rest] = split(id);
    return run(this.part(p), rest);
  }

  private part(prefix: string): Probe {
    const probe = this.parts[prefix];
    if (!probe) throw new Error(`no probe ${prefix}`);
    return probe;
  }
}

function split(id: string): [string, string] {
  const at = id.indexOf(':');
  return [id.slice(0, at), id.slice(at + 1)];
}

function prefixRefs(node: A11yNode, p: string): A11yNode {
  return {
    ...node,
    ref: `${p}:${node.ref}`,
    relations: node.relations?.map((r) => ({ ...r, targets: r.targets.map((t) => `${p}:${t}`) })),
    children: node.children.map((c) => prefixRefs(c, p)),
  };
}
