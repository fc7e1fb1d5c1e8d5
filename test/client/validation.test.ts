import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { StandardSchemaV1, ValidationSchema } from '../../src/client/types.js';
import { formatPath, validateBody } from '../../src/client/validation.js';

const user: ValidationSchema = {
  id: { type: 'number', required: true },
  email: { type: 'string', required: true },
  nickname: { type: 'string' },
};

describe('validateBody with a simple schema', () => {
  it('passes a matching object and returns it unchanged', async () => {
    const data = { id: 1, email: 'a@b.c', extra: true };
    const result = await validateBody(data, user);
    expect(result).toEqual({ ok: true, value: data });
    expect(result.ok && result.value).toBe(data);
  });

  it('lets an optional field be absent, but type-checks it when present', async () => {
    expect(await validateBody({ id: 1, email: 'e' }, user)).toEqual({
      ok: true,
      value: { id: 1, email: 'e' },
    });
    expect(await validateBody({ id: 1, email: 'e', nickname: 7 }, user)).toEqual({
      ok: false,
      issues: [{ path: 'nickname', expected: 'string', received: 'number' }],
    });
  });

  it('lists every failing field: missing, wrong type, null', async () => {
    const result = await validateBody({ email: null, nickname: ['x'] }, user);
    expect(result).toEqual({
      ok: false,
      issues: [
        { path: 'id', expected: 'number', received: 'missing' },
        { path: 'email', expected: 'string', received: 'null' },
        { path: 'nickname', expected: 'string', received: 'array' },
      ],
    });
  });

  it.each([
    ['string', 1, 'number'],
    ['number', '1', 'string'],
    ['boolean', 'true', 'string'],
    ['object', [], 'array'],
    ['object', null, 'null'],
    ['array', {}, 'object'],
    ['null', 0, 'number'],
  ] as const)('type %s rejects %j (received %s)', async (type, value, received) => {
    const result = await validateBody({ f: value }, { f: { type } });
    expect(result).toEqual({ ok: false, issues: [{ path: 'f', expected: type, received }] });
  });

  it.each([
    ['string', 'x'],
    ['number', 0],
    ['boolean', false],
    ['object', { a: 1 }],
    ['array', [1]],
    ['null', null],
  ] as const)('type %s accepts %j', async (type, value) => {
    expect(await validateBody({ f: value }, { f: { type, required: true } })).toEqual({
      ok: true,
      value: { f: value },
    });
  });

  it('reports a required field without a type as expected "present"', async () => {
    expect(await validateBody({}, { id: { required: true } })).toEqual({
      ok: false,
      issues: [{ path: 'id', expected: 'present', received: 'missing' }],
    });
  });

  it('does not count inherited keys (constructor, toString) as present', async () => {
    // Built from entries: in an object literal TypeScript types `toString` against Object.prototype's.
    const schema = Object.fromEntries([
      ['constructor', { required: true }],
      ['toString', { type: 'string', required: true }],
    ]) as ValidationSchema;
    expect(await validateBody({}, schema)).toEqual({
      ok: false,
      issues: [
        { path: 'constructor', expected: 'present', received: 'missing' },
        { path: 'toString', expected: 'string', received: 'missing' },
      ],
    });
  });

  it('checks an array response element by element, with [index] paths', async () => {
    const data = [{ id: 1, email: 'a' }, { id: 2, email: 'b' }, { id: '3' }, 'x'];
    expect(await validateBody(data, user)).toEqual({
      ok: false,
      issues: [
        { path: '[2].id', expected: 'number', received: 'string' },
        { path: '[2].email', expected: 'string', received: 'missing' },
        { path: '[3]', expected: 'object', received: 'string' },
      ],
    });
  });

  it('passes an empty array', async () => {
    expect(await validateBody([], user)).toEqual({ ok: true, value: [] });
  });

  it.each([
    ['a string', 'text', 'string'],
    ['null', null, 'null'],
    ['undefined (empty body)', undefined, 'undefined'],
    ['a number', 3, 'number'],
  ])('reports %s against a field schema as one issue at the root path ""', async (_name, data, received) => {
    expect(await validateBody(data, user)).toEqual({
      ok: false,
      issues: [{ path: '', expected: 'object', received }],
    });
  });

  it('writes keys that are not identifiers in brackets', async () => {
    expect(await validateBody([{}], { 'first name': { required: true } })).toEqual({
      ok: false,
      issues: [{ path: '[0]["first name"]', expected: 'present', received: 'missing' }],
    });
  });

  it('rejects a malformed schema with a one-line error naming the field and value', async () => {
    await expect(validateBody({}, { email: { type: 'strnig' as never } })).rejects.toThrow(
      new RangeError(
        'validateResponse: type of field "email" must be one of string, number, boolean, object, array, null, got "strnig"',
      ),
    );
    await expect(validateBody({}, { email: 'string' as never })).rejects.toThrow(
      new TypeError('validateResponse: the rule of field "email" must be an object, got string'),
    );
    await expect(validateBody({}, { email: { required: 'yes' as never } })).rejects.toThrow(
      new TypeError('validateResponse: required of field "email" must be a boolean, got "yes"'),
    );
    await expect(validateBody({}, null as never)).rejects.toThrow(
      new TypeError('validateResponse must be a field schema object or a Standard Schema, got null'),
    );
  });
});

describe('validateBody with a Standard Schema', () => {
  it('returns the output of a zod 4 schema (transformed)', async () => {
    const schema = z.object({ id: z.number(), name: z.string().transform((s) => s.toUpperCase()) });
    expect(await validateBody({ id: 1, name: 'ada', dropped: true }, schema)).toEqual({
      ok: true,
      value: { id: 1, name: 'ADA' },
    });
  });

  it('maps zod issues: path joined, message as expected, JSON type at the path as received', async () => {
    const schema = z.object({ id: z.number(), tags: z.array(z.string()), email: z.string() });
    const result = await validateBody({ id: 'x', tags: ['a', 2] }, schema);
    expect(result).toEqual({
      ok: false,
      issues: [
        { path: 'id', expected: 'Invalid input: expected number, received string', received: 'string' },
        { path: 'tags[1]', expected: 'Invalid input: expected string, received number', received: 'number' },
        {
          path: 'email',
          expected: 'Invalid input: expected string, received undefined',
          received: 'missing',
        },
      ],
    });
  });

  it('returns the output of a valibot schema and maps its issues', async () => {
    const schema = v.array(v.object({ id: v.pipe(v.string(), v.transform(Number)) }));
    expect(await validateBody([{ id: '7' }], schema)).toEqual({ ok: true, value: [{ id: 7 }] });
    expect(await validateBody([{ id: '7' }, { id: 8 }], schema)).toEqual({
      ok: false,
      issues: [
        { path: '[1].id', expected: 'Invalid type: Expected string but received 8', received: 'number' },
      ],
    });
  });

  it('awaits an async validate and handles {key} path segments, a root issue, and an unreachable path', async () => {
    const schema: StandardSchemaV1<unknown, string> = {
      '~standard': {
        version: 1,
        vendor: 'test',
        validate: async () => ({
          issues: [
            { message: 'root bad' },
            { message: 'deep bad', path: [{ key: 'a' }, { key: 0 }, 'b'] },
            { message: 'beyond', path: ['a', 0, 'b', 'c'] },
            { message: 'absent parent', path: ['x', 'y'] },
            { message: 'inherited', path: ['constructor'] },
          ],
        }),
      },
    };
    expect(await validateBody({ a: [{ b: 5 }] }, schema)).toEqual({
      ok: false,
      issues: [
        { path: '', expected: 'root bad', received: 'object' },
        { path: 'a[0].b', expected: 'deep bad', received: 'number' },
        { path: 'a[0].b.c', expected: 'beyond', received: 'unknown' },
        { path: 'x.y', expected: 'absent parent', received: 'unknown' },
        { path: 'constructor', expected: 'inherited', received: 'missing' },
      ],
    });
  });

  it('detects a Standard Schema that is a function (arktype style) by its ~standard key', async () => {
    const schema = Object.assign(() => undefined, {
      '~standard': { version: 1 as const, vendor: 'fn', validate: (value: unknown) => ({ value: [value] }) },
    });
    expect(await validateBody('x', schema)).toEqual({ ok: true, value: ['x'] });
  });
});

describe('formatPath', () => {
  it('joins identifiers with dots, indexes and odd keys in brackets', () => {
    expect(formatPath([])).toBe('');
    expect(formatPath(['a', 'b'])).toBe('a.b');
    expect(formatPath([0, 'a', 1])).toBe('[0].a[1]');
    expect(formatPath(['a-b', '$ok', '1x', 'x"y'])).toBe('["a-b"].$ok["1x"]["x\\"y"]');
    expect(formatPath([Symbol('s')])).toBe('[Symbol(s)]');
  });
});
