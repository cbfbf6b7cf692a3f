/**
 * Fakes of node-window-manager and nut-js with the shapes of their declarations (see
 * src/platform/shared-desktop/nativeModules.ts), recording what the probe asks of them.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { NutApi, NutPoint, NutRegion, NwmRectangle, NwmWindow, WindowManagerApi } from '../../../src/platform/shared-desktop/nativeModules.js';

export interface FakeWindowSpec {
  id: number;
  processId: number;
  path: string;
  title: string;
  bounds: NwmRectangle;
  visible?: boolean;
  /** 0 = none (what node-window-manager's getOwner yields on Windows). */
  ownerId?: number;
  /** macOS: node-window-manager has no owner at all. */
  noOwnerApi?: boolean;
}

export class FakeWindowManager implements WindowManagerApi {
  readonly specs = new Map<number, FakeWindowSpec>();
  activeId: number | undefined;
  readonly calls: string[] = [];

  constructor(specs: FakeWindowSpec[], activeId?: number) {
    for (const spec of specs) this.specs.set(spec.id, spec);
    this.activeId = activeId;
  }

  getWindows(): NwmWindow[] {
    return [...this.specs.keys()].map((id) => this.window(id));
  }

  getActiveWindow(): NwmWindow | undefined {
    return this.activeId === undefined ? undefined : this.window(this.activeId);
  }

  window(id: number): NwmWindow {
    const spec = () => {
      const found = this.specs.get(id);
      if (!found) throw new Error(`window ${id} is gone`);
      return found;
    };
    const initial = this.specs.get(id);
    return {
      id,
      processId: initial?.processId ?? 0,
      path: initial?.path ?? '',
      getTitle: () => spec().title,
      getBounds: () => ({ ...spec().bounds }),
      isVisible: () => spec().visible ?? true,
      bringToTop: () => {
        spec();
        this.calls.push(`bringToTop ${id}`);
        this.activeId = id;
      },
      restore: () => void this.calls.push(`restore ${id}`),
      getOwner: () => (spec().noOwnerApi ? undefined : this.window(spec().ownerId ?? 0)),
    };
  }
}

/** A subset of nut-js's Key enum, with the reverse mapping TypeScript enums carry. */
function fakeKeyEnum(): Record<string, string | number> {
  const names = [
    'Escape',
    'Tab',
    'Return',
    'Enter',
    'Space',
    'Backspace',
    'Delete',
    'Up',
    'Down',
    'Left',
    'Right',
    'PageUp',
    'PageDown',
    'Home',
    'End',
    'Equal',
    'Minus',
    'Comma',
    'Period',
    'Slash',
  ];
  names.push('LeftControl', 'LeftShift', 'LeftAlt', 'LeftCmd', 'LeftMeta', 'LeftSuper', 'LeftWin');
  for (let f = 1; f <= 12; f++) names.push(`F${f}`);
  for (let c = 65; c <= 90; c++) names.push(String.fromCharCode(c));
  for (let d = 0; d <= 9; d++) names.push(`Num${d}`, `NumPad${d}`);
  const keys: Record<string, string | number> = {};
  names.forEach((name, code) => {
    keys[name] = code;
    keys[String(code)] = name;
  });
  return keys;
}

/** A valid 1×1 PNG whose single grey pixel has the given value (different pixels → different files). */
export function tinyPng(grey: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'ascii'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, grey]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface FakeNut extends NutApi {
  log: string[];
  /** The grey value of the next screenshots: change it to simulate a changed window. */
  pixel: number;
}

export function fakeNut(): FakeNut {
  const Key = fakeKeyEnum();
  const nameOf = (code: number) => String(Key[String(code)]);
  const nut: FakeNut = {
    log: [],
    pixel: 128,
    keyboard: {
      config: { autoDelayMs: 300 },
      type: async (...input: string[]) => void nut.log.push(`type ${input.join('')}`),
      pressKey: async (...keys: number[]) => void nut.log.push(`press ${keys.map(nameOf).join('+')}`),
      releaseKey: async (...keys: number[]) => void nut.log.push(`release ${keys.map(nameOf).join('+')}`),
    },
    mouse: {
      setPosition: async (p: NutPoint) => void nut.log.push(`move ${p.x},${p.y}`),
      leftClick: async () => void nut.log.push('click'),
    },
    screen: {
      captureRegion: async (fileName: string, region: NutRegion, fileFormat = '.png', filePath = '.') => {
        nut.log.push(`capture ${region.left},${region.top},${region.width}x${region.height}`);
        const path = join(filePath, `${fileName}${fileFormat}`);
        writeFileSync(path, tinyPng(nut.pixel));
        return path;
      },
    },
    Key,
    Region: class {
      constructor(
        public left: number,
        public top: number,
        public width: number,
        public height: number,
      ) {}
    },
    Point: class {
      constructor(
        public x: number,
        public y: number,
      ) {}
    },
    FileType: { PNG: '.png' },
  };
  return nut;
}
