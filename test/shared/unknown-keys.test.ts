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

  it('passes known keys, and an unknown key whose value is undefined', () => {
    expect(check({ name: 'a', enums: true, extra: undefined })).not.toThrow();
  });
});
