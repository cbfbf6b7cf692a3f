/** Toolkit name and version per application (normalisation depends on it), asked once per app. */
import { readToolkit } from './apps.js';
import type { AtspiClient } from './client.js';
import { ROOT_PATH } from './names.js';
import type { ToolkitInfo } from './normalize.js';

export class ToolkitCache {
  private readonly known = new Map<string, Promise<ToolkitInfo>>();

  constructor(private readonly client: AtspiClient) {}

  get(bus: string): Promise<ToolkitInfo> {
    let entry = this.known.get(bus);
    if (!entry) {
      entry = readToolkit(this.client, { bus, path: ROOT_PATH });
      this.known.set(bus, entry);
    }
    return entry;
  }

  forget(bus: string): void {
    this.known.delete(bus);
  }
}
