// String formats as documentation (`formats: true`): the type stays `string`, a JSDoc tag (or, in JSON
// Schema, the `format` keyword) says what every sample was.
import { describe, expect, it } from 'vitest';
import {
  ALL_FORMATS,
  DATA_KEY_BIT,
  DATE,
  DATE_TIME,
  EMAIL,
  ID_KEY,
  ID_KIND,
  isIdOrDateKey,
  stringFormats,
  URI,
  UUID,
} from '../../src/typegen/formats.js';
import { generateTypes } from '../../src/typegen/generate.js';
import { generateTypesFromSamples } from '../../src/typegen/samples.js';
import { createAjv } from './helpers/ajv.js';

const lines = (...text: string[]): string => `${text.join('\n')}\n`;
const withFormats = (value: unknown): string => generateTypes(value, { name: 'T', formats: true });

describe('ALL_FORMATS and ID_KIND', () => {
  it('are every format bit, and the id and data key bits', () => {
    expect(ALL_FORMATS).toBe(DATE_TIME | DATE | UUID | EMAIL | URI);
    expect(ID_KIND).toBe(ID_KEY | DATA_KEY_BIT);
  });
});

describe('stringFormats', () => {
  it.each([
    ['2024-02-29', DATE],
    ['2024-12-31', DATE],
    ['2024-01-31T23:59:59Z', DATE_TIME],
    ['2024-01-31t23:59:59.123456z', DATE_TIME],
    ['2024-01-31T23:59:59+05:30', DATE_TIME],
    ['2024-01-31 23:59:59-08:00', DATE_TIME],
    ['3F2B8A4E-1C2D-4E5F-8A9B-0C1D2E3F4A5B', UUID],
    ['ada.lovelace+tag@mail.example.co.uk', EMAIL],
    ['https://example.com', URI],
    ['http://127.0.0.1:8080/a/b?x=1&y=%20#top', URI],
  ])('recognizes %j', (text, format) => {
    expect(stringFormats(text, ALL_FORMATS)).toBe(format);
  });

  it.each([
    ['2023-02-29', 'no such day'],
    ['2024-13-01', 'no such month'],
    ['2024-04-31', 'April has 30 days'],
    ['2024-01-31T10:00:00', 'a local date-time names no instant (no offset)'],
    ['2024-01-31T24:00:00Z', 'hour 24'],
    ['2024-01-31T23:59:60Z', 'leap seconds are left to validators that know them'],
    ['2024-1-31', 'one-digit month'],
    ['3f2b8a4e1c2d4e5f8a9b0c1d2e3f4a5b', 'UUID without dashes'],
    ['ada@localhost', 'host without a dot'],
    ['ada@@example.com', 'two @'],
    ['.ada@example.com', 'leading dot'],
    ['ada@-example.com', 'label starting with a dash'],
    [`ada@${'a'.repeat(64)}.com`, 'label of 64 characters'],
    ['https://api.github.com/users{/user}', 'a URI template'],
    ['https://example.com/a b', 'a space'],
    ['https://example.com/%zz', 'a broken percent-escape'],
    ['https://example.com/a#b#c', 'a second # (a fragment holds none; ajv-formats rejects it)'],
    ['ftp://example.com/file', 'not http(s)'],
    ['example.com', 'no scheme'],
    ['', 'empty'],
  ])('rejects %j (%s)', (text) => {
    expect(stringFormats(text, ALL_FORMATS)).toBe(0);
  });

  it('tests only the formats still possible', () => {
    expect(stringFormats('2024-02-29', EMAIL | URI)).toBe(0);
    expect(stringFormats('2024-02-29', DATE | URI)).toBe(DATE);
  });
});

describe('isIdOrDateKey', () => {
  it.each([
    '0',
    '42',
    '2024',
    '3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    '507f1f77bcf86cd799439011',
    'deadbeef00112233',
    '2024-01-31',
    '2024-01',
    '2024-01-31T10:00',
    '2024-01-31T10:00:00.5Z',
    '2024-01-31 10:00:00+0200',
  ])('accepts %j', (key) => {
    expect(isIdOrDateKey(key)).toBe(true);
  });

  it.each(['', 'id', '-1', '1.5', '1e3', 'deadbeefcafebabe', 'abc123', '2024-1-31', '2024-01-31T', 'user_1'])(
    'rejects %j',
    (key) => {
      expect(isIdOrDateKey(key)).toBe(false);
    },
  );
});

describe('generateTypes with formats: true', () => {
  it('keeps string and tags the member with its format', () => {
    const user = {
      id: '3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      email: 'ada@example.com',
      site: 'https://ada.example.com/',
      born: '1815-12-10',
      seen: '2024-01-31T10:00:00Z',
      name: 'Ada',
    };
    expect(withFormats(user)).toBe(
      lines(
        'export interface T {',
        '  /** @format uuid */',
        '  id: string;',
        '  /** @format email */',
        '  email: string;',
        '  /** @format uri */',
        '  site: string;',
        '  /** @format date */',
        '  born: string;',
        '  /** @format date-time */',
        '  seen: string;',
        '  name: string;',
        '}',
      ),
    );
  });

  it('tags only when every string at that place has the format', () => {
    const rows = [
      { at: '2024-01-31', mixed: '2024-01-31', local: '2024-01-31T10:00:00Z' },
      { at: '2024-02-01', mixed: '2024-02-01T10:00:00Z', local: '2024-01-31T10:00:00' },
    ];
    expect(withFormats(rows)).toBe(
      lines(
        'export type T = {',
        '  /** @format date */',
        '  at: string;',
        '  mixed: string;',
        '  local: string;',
        '}[];',
      ),
    );
  });

  it('tags a member that is the string or null, optional or not; not arrays or wider unions', () => {
    const rows = [
      { email: 'a@example.com', when: '2024-01-31', tags: ['a@example.com'], either: 'b@example.com' },
      { email: null, either: 1 },
    ];
    expect(withFormats(rows)).toBe(
      lines(
        'export type T = {',
        '  /** @format email */',
        '  email?: string | null;',
        '  /** @format date */',
        '  when?: string;',
        '  tags?: string[];',
        '  either: string | number;',
        '}[];',
      ),
    );
  });

  it('tags a top-level string alias', () => {
    expect(withFormats('2024-01-31')).toBe('/** @format date */\nexport type T = string;\n');
  });

  it('merges formats across samples: kept when all agree, dropped otherwise', () => {
    const options = { name: 'T', formats: true };
    expect(generateTypesFromSamples([{ a: 'x@example.com' }, { a: 'y@example.org' }], options)).toBe(
      lines('export interface T {', '  /** @format email */', '  a: string;', '}'),
    );
    expect(generateTypesFromSamples([{ a: 'x@example.com' }, { a: 'nobody' }], options)).toBe(
      lines('export interface T {', '  a: string;', '}'),
    );
  });

  it('is off by default: the same value gives no tag', () => {
    expect(generateTypes({ email: 'ada@example.com' }, { name: 'T' })).toBe(
      lines('export interface T {', '  email: string;', '}'),
    );
  });

  it('writes the format keyword in JSON Schema, which a validator with formats then checks', () => {
    const value = [{ email: 'ada@example.com', on: '2024-02-29' }];
    const text = generateTypes(value, { name: 'T', format: 'json-schema', formats: true });
    const items = JSON.parse(text).items;
    expect(items.properties).toEqual({
      email: { type: 'string', format: 'email' },
      on: { type: 'string', format: 'date' },
    });
    const validate = createAjv().compile(JSON.parse(text));
    expect(validate(value)).toBe(true);
    expect(validate([{ email: 'ada', on: '2024-02-29' }])).toBe(false);
    expect(validate.errors?.[0]?.message).toBe('must match format "email"');
  });
});
