/**
 * The built entry points are a bundle (scripts/bundle.mjs). What it changes must not be
 * visible to an author: zod's locales other than English, loaded on first use, work as zod's own.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ENTRY = pathToFileURL(resolve(import.meta.dirname, '../../dist/src/sdk/translate.js')).href;

describe('the bundled gui-bridge/translate entry', () => {
  it("gives zod's locales: English by default, another one loaded when first called", async () => {
    const { z } = (await import(ENTRY)) as typeof import('../../src/sdk/translate.js');
    const schema = z.object({ order: z.number() });
    const english = schema.safeParse({ order: 'x' }).error?.issues[0]?.message;
    expect(english).toMatch(/expected number/i);
    try {
      z.config(z.locales.de());
      expect(schema.safeParse({ order: 'x' }).error?.issues[0]?.message).toMatch(/erwartet Zahl/);
      z.config(z.locales.fr());
      expect(schema.safeParse({ order: 'x' }).error?.issues[0]?.message).toMatch(/attendu/i);
    } finally {
      z.config(z.locales.en());
    }
    expect(schema.safeParse({ order: 'x' }).error?.issues[0]?.message).toBe(english);
  });
});
