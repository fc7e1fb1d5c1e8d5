import { describe, expect, it } from 'vitest';
import { isIdLike } from '../../src/shared/id-like.js';

describe('isIdLike', () => {
  it('is true for digits, UUIDs, ObjectIds and long hex strings with a digit', () => {
    expect(
      [
        '1',
        '007',
        '550e8400-e29b-41d4-a716-446655440000',
        '507f1f77bcf86cd799439011',
        'a1b2c3d4e5f6a7b8',
      ].map(isIdLike),
    ).toEqual([true, true, true, true, true]);
  });

  it('is false for words, hex words without a digit, short hex and empty segments', () => {
    expect(['users', 'deadbeefcafebabe', 'abc1', '', 'v1', '1.5'].map(isIdLike)).toEqual(
      Array(6).fill(false),
    );
  });
});
