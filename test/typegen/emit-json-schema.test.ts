// `format: 'json-schema'`: a JSON Schema 2020-12 document that a real validator (ajv, strict) compiles
// and that the sample it came from passes.
import { describe, expect, it } from 'vitest';
import { type GenerateTypesOptions, generateTypes } from '../../src/typegen/generate.js';
import { createAjv } from './helpers/ajv.js';

const lines = (...text: string[]): string => `${text.join('\n')}\n`;
const schema = (value: unknown, extra: Omit<GenerateTypesOptions, 'name'> = {}, name = 'T'): string =>
  generateTypes(value, { name, format: 'json-schema', ...extra });
const body = (value: unknown, extra: Omit<GenerateTypesOptions, 'name'> = {}): unknown => {
  const { $schema: _, title: __, ...rest } = JSON.parse(schema(value, extra)) as Record<string, unknown>;
  return rest;
};

describe('JSON Schema output', () => {
  it('writes the 2020-12 dialect, the title, required and optional members, null in type lists', () => {
    const users = [
      { id: 1, email: 'ada@example.com', tags: ['admin'] },
      { id: 2, email: null, tags: [] },
    ];
    expect(schema(users, {}, 'users')).toBe(
      lines(
        '{',
        '  "$schema": "https://json-schema.org/draft/2020-12/schema",',
        '  "title": "Users",',
        '  "type": "array",',
        '  "items": {',
        '    "type": "object",',
        '    "properties": {',
        '      "id": {',
        '        "type": "number"',
        '      },',
        '      "email": {',
        '        "type": ["string", "null"]',
        '      },',
        '      "tags": {',
        '        "type": "array",',
        '        "items": {',
        '          "type": "string"',
        '        }',
        '      }',
        '    },',
        '    "required": ["id", "tags"]',
        '  }',
        '}',
      ),
    );
  });

  it('types every kind: primitives, unknown, empty array and object, unions with objects in anyOf', () => {
    expect(body('x')).toEqual({ type: 'string' });
    expect(body(null)).toEqual({ type: 'null' });
    expect(body([])).toEqual({ type: 'array' });
    expect(body({})).toEqual({ type: 'object' });
    expect(body({ a: { b: 1 } }, { maxDepth: 1 })).toEqual({
      type: 'object',
      properties: { a: { type: 'object', properties: { b: {} }, required: ['b'] } },
      required: ['a'],
    });
    expect(body([1, { a: true }, 'x', [2], null])).toEqual({
      type: 'array',
      items: {
        anyOf: [
          { type: ['number', 'string', 'null'] },
          { type: 'object', properties: { a: { type: 'boolean' } }, required: ['a'] },
          { type: 'array', items: { type: 'number' } },
        ],
      },
    });
  });

  it('keeps first-appearance order (a plain object would put "10" first) and __proto__ as plain data', () => {
    const value = JSON.parse('[{"b": 1, "__proto__": 3}, {"10": 2, "b": 1, "__proto__": 3}]');
    const text = schema(value);
    expect(text).toContain(
      lines(
        '    "properties": {',
        '      "b": {',
        '        "type": "number"',
        '      },',
        '      "__proto__": {',
        '        "type": "number"',
        '      },',
        '      "10": {',
        '        "type": "number"',
        '      }',
        '    },',
        '    "required": ["b", "__proto__"]',
      ),
    );
    const validate = createAjv().compile(JSON.parse(text));
    expect(validate(value)).toBe(true);
    // ajv enforces `required` for __proto__ but, like zod, never checks that member's value.
    expect(validate(JSON.parse('[{"b": 1}]'))).toBe(false);
    expect(validate.errors?.[0]?.message).toBe("must have required property '__proto__'");
  });

  it('puts named objects in $defs and refers to them with $ref', () => {
    const value = { home: { city: 'Oslo' }, work: { city: 'Rome' }, byId: { '1': { on: true } } };
    expect(body(value, { named: true })).toEqual({
      type: 'object',
      properties: {
        home: { $ref: '#/$defs/THome' },
        work: { $ref: '#/$defs/THome' },
        byId: { type: 'object', additionalProperties: { $ref: '#/$defs/TByIdValue' } },
      },
      required: ['home', 'work', 'byId'],
      $defs: {
        THome: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        TByIdValue: { type: 'object', properties: { on: { type: 'boolean' } }, required: ['on'] },
      },
    });
  });

  it('compiles in ajv (strict 2020-12); the sample passes and a wrong value does not', () => {
    const value = { id: 1, items: [{ sku: 'a' }, { sku: 'b', note: null }], meta: { '2024-01-31': 3 } };
    const validate = createAjv().compile(JSON.parse(schema(value, { named: true, formats: true })));
    expect(validate(value)).toBe(true);
    expect(validate({ ...value, items: [{ note: 'no sku' }] })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({
      instancePath: '/items/0',
      message: "must have required property 'sku'",
    });
  });

  it('lets an absent optional toString pass when the validator reads own properties only', () => {
    const value: unknown = JSON.parse('[{"toString": 1}, {}]');
    const validate = createAjv().compile(JSON.parse(schema(value)));
    expect(validate(value)).toBe(true);
    expect(validate([{ toString: 'one' }])).toBe(false);
  });

  it('leaves out a key holding an unpaired surrogate, which ajv cannot compile (extra keys are allowed)', () => {
    const value = JSON.parse('{"ok": 1, "bad\\ud800": 2}');
    expect(body(value)).toEqual({ type: 'object', properties: { ok: { type: 'number' } }, required: ['ok'] });
    expect(body(JSON.parse('{"\\udc00": 1}'))).toEqual({ type: 'object' });
    expect(createAjv().compile(JSON.parse(schema(value)))(value)).toBe(true);
  });

  it('escapes invisible characters in keys and enum literals as the other formats do, keeping their values', () => {
    // A bidi override (U+202E) written raw would reorder what a reader sees around it; the line and
    // paragraph separators, a C1 control, zero-width space and BOM are escaped too (docs/type-inference.md).
    const hidden = '\u202e \u2028 \u2029 \u0085 \u200b \ufeff \u007f';
    const value = [
      ...Array.from({ length: 3 }, () => ({ [`key${hidden}`]: 1, status: `open${hidden}` })),
      ...Array.from({ length: 3 }, () => ({ [`key${hidden}`]: 2, status: 'closed' })),
    ];
    const text = schema(value, { enums: true });
    expect(text).toContain('"key\\u202e \\u2028 \\u2029 \\u0085 \\u200b \\ufeff \\u007f": {');
    expect(text).toContain(
      '"enum": ["open\\u202e \\u2028 \\u2029 \\u0085 \\u200b \\ufeff \\u007f", "closed"]',
    );
    expect(text).not.toMatch(/[\u007f-\u009f\u200b\u202e\u2028\u2029\ufeff]/);
    expect(body(value, { enums: true })).toEqual({
      type: 'array',
      items: {
        type: 'object',
        properties: {
          [`key${hidden}`]: { type: 'number' },
          status: { type: 'string', enum: [`open${hidden}`, 'closed'] },
        },
        required: [`key${hidden}`, 'status'],
      },
    });
    expect(createAjv().compile(JSON.parse(text))(value)).toBe(true);
  });

  it('validates a dictionary whose named member is __proto__, which ajv checks by additionalProperties', () => {
    // ajv leaves a `__proto__` entry of `properties` aside, so that key meets the other keys' schema.
    const subs = Array.from({ length: 20 }, (_, i) => `"sub${i}": {"x": ${i}}`).join(', ');
    const value: unknown = JSON.parse(`{"__proto__": {"a": "one"}, ${subs}}`);
    const wrong: unknown = JSON.parse(`{"__proto__": 5, ${subs}}`);
    for (const named of [false, true]) {
      const validate = createAjv().compile(JSON.parse(schema(value, { named })));
      expect(validate(value)).toBe(true);
      expect(validate(wrong)).toBe(false);
    }
  });

  it('keeps a format in the other keys of a dictionary only when every string there has it', () => {
    // The `__proto__` member (a date) joins additionalProperties beside the other keys' strings (emails).
    const subs = Array.from({ length: 20 }, (_, i) => `"sub${i}": {"x": ${i}}`).join(', ');
    const value: unknown = JSON.parse(
      `[{"__proto__": {"a": 1}, ${subs}}, {"__proto__": "2024-01-31", "note": "ada@example.com"}]`,
    );
    for (const named of [false, true]) {
      const validate = createAjv().compile(JSON.parse(schema(value, { named, formats: true })));
      expect(validate(value)).toBe(true);
    }
  });
});
