import { describe, expect, it } from 'vitest';
import { isIdentifierName, propertyKey, toTypeName } from '../../src/typegen/identifiers.js';

describe('toTypeName', () => {
  it('PascalCases the spec and decisions examples', () => {
    expect(toTypeName('users')).toBe('Users');
    expect(toTypeName('posts')).toBe('Posts');
    expect(toTypeName('products')).toBe('Products');
    expect(toTypeName('todos')).toBe('Todos');
    expect(toTypeName('user-profiles')).toBe('UserProfiles');
    expect(toTypeName('user_profiles')).toBe('UserProfiles');
  });

  it('keeps inner capitals and splits on any run of other characters', () => {
    expect(toTypeName('userProfile')).toBe('UserProfile');
    expect(toTypeName('USERS')).toBe('USERS');
    expect(toTypeName('my.type--list  v2')).toBe('MyTypeListV2');
    expect(toTypeName('_private_')).toBe('Private');
    expect(toTypeName('café-menu')).toBe('CafMenu');
  });

  it('prefixes _ to a name starting with a digit and to Record, which the output refers to', () => {
    expect(toTypeName('123')).toBe('_123');
    expect(toTypeName('2fa')).toBe('_2fa');
    expect(toTypeName('record')).toBe('_Record');
    expect(toTypeName('records')).toBe('Records');
  });

  it('never returns a keyword: the first letter is upper case', () => {
    for (const word of ['string', 'number', 'any', 'unknown', 'class', 'null', 'type', 'interface']) {
      expect(toTypeName(word)).toBe(word.charAt(0).toUpperCase() + word.slice(1));
    }
  });

  it('throws a TypeError naming the value when no letter or digit is left', () => {
    expect(() => toTypeName('')).toThrow(new TypeError('name must contain an ASCII letter or digit, got ""'));
    expect(() => toTypeName('___')).toThrow(
      new TypeError('name must contain an ASCII letter or digit, got "___"'),
    );
    expect(() => toTypeName('用户')).toThrow(
      new TypeError('name must contain an ASCII letter or digit, got "用户"'),
    );
  });
});

describe('member keys', () => {
  it('accepts ASCII identifier names, reserved words included', () => {
    for (const key of ['a', 'A1', '_', '$', '$a_1', 'class', 'constructor', '__proto__']) {
      expect([key, isIdentifierName(key)]).toEqual([key, true]);
      expect(propertyKey(key)).toBe(key);
    }
  });

  it('quotes everything else as a JSON string with U+2028 and U+2029 escaped', () => {
    expect(propertyKey('a-b')).toBe('"a-b"');
    expect(propertyKey('1x')).toBe('"1x"');
    expect(propertyKey('')).toBe('""');
    expect(propertyKey('x y')).toBe('"x y"');
    expect(propertyKey('"q"')).toBe('"\\"q\\""');
    expect(propertyKey('a\\b')).toBe('"a\\\\b"');
    expect(propertyKey('*/')).toBe('"*/"');
    expect(propertyKey('a\nb\r')).toBe('"a\\nb\\r"');
    expect(propertyKey('\u2028\u2029')).toBe('"\\u2028\\u2029"');
    expect(propertyKey('\u0000')).toBe('"\\u0000"');
    expect(propertyKey('\ud83d')).toBe('"\\ud83d"');
    expect(propertyKey('é')).toBe('"é"');
    expect(propertyKey('😀 日本')).toBe('"😀 日本"');
    expect(isIdentifierName('é')).toBe(false);
  });

  it('escapes invisible and control characters JSON.stringify leaves raw, per UTF-16 unit', () => {
    // DEL, a C1 control (CSI), a bidi override, a zero-width space, a BOM, an astral format character.
    expect(propertyKey('a\u007f\u009b\u202eb\u200b\ufeff\u{e0001}')).toBe(
      '"a\\u007f\\u009b\\u202eb\\u200b\\ufeff\\udb40\\udc01"',
    );
  });
});
