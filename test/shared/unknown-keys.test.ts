import { describe, expect, it } from 'vitest';
import { refuseUnknownKeys } from '../../src/shared/unknown-keys.js';

describe('refuseUnknownKeys', () => {
  const known = new Set(['name', 'enums']);
  const check = (options: object) => () =>
    refuseUnknownKeys(options, known, (key) => `f(options): ${key} is not an option`);

  it('throws a TypeError with the message of the first unknown key', () => {
    expect(check({ name: 'a', enum: true, other: 1 })).toThrow(
      new TypeError('f(options): enum is not an option'),
    );
  });

  it('judges no known key, and no key whose value is undefined, unknown', () => {
    const judged: string[] = [];
    const refuse = () =>
      refuseUnknownKeys({ name: 'a', enums: true, extra: undefined, typo: 0 }, known, (key) => {
        judged.push(key);
        return `${key} is not an option`;
      });
    expect(refuse).toThrow(new TypeError('typo is not an option'));
    expect(judged).toEqual(['typo']);
  });
});
