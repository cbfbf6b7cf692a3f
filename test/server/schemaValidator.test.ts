import { describe, expect, it } from 'vitest';
import { LazySchemaValidator } from '../../src/server/schemaValidator.js';

describe('the shared JSON Schema validator (no Ajv per session)', () => {
  it('loads and builds nothing until asked to; getValidator before that is a clear error', async () => {
    const validator = new LazySchemaValidator();
    expect(validator.built).toBe(false);
    expect(() => validator.getValidator({ type: 'object', properties: {} })).toThrow(/before load\(\)/);
    await validator.load();
    expect(validator.built).toBe(true);
    validator.getValidator({ type: 'object', properties: {} });
  });

  it('checks answers against the schema like the SDK default', async () => {
    const validator = new LazySchemaValidator();
    await validator.load();
    const check = validator.getValidator<{ ok: boolean }>({ type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] });
    expect(check({ ok: true })).toMatchObject({ valid: true, data: { ok: true } });
    const bad = check({ ok: 'yes' });
    expect(bad.valid).toBe(false);
    expect(bad.errorMessage).toMatch(/boolean/);
  });

  it('compiles a schema once, however many calls pass a copy of it (no growth per call)', async () => {
    const validator = new LazySchemaValidator();
    await validator.load();
    const first = validator.getValidator({ type: 'object', properties: {} });
    expect(validator.getValidator({ type: 'object', properties: {} })).toBe(first);
    expect(validator.getValidator({ type: 'object', properties: { a: { type: 'string' } } })).not.toBe(first);
  });
});
