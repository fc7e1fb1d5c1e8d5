import { describe, expect, it } from 'vitest';
import { isIdLike } from '../../src/shared/id-like.js';

describe('isIdLike', () => {
  it.each([
    '1',
    '123456',
    '123e4567-e89b-12d3-a456-426614174000',
    '123E4567-E89B-12D3-A456-426614174000',
    '507f1f77bcf86cd799439011',
    'a1b2c3d4e5f60718',
    '9fceb02d0ae598e95dc970b74767f19372d61af8',
    'a1B2c3D4e5F6g7H8i9J0k1',
  ])('%s is an id', (segment) => {
    expect(isIdLike(segment)).toBe(true);
  });

  it.each([
    'users',
    'v2',
    '2fa',
    'deadbeefcafebabe', // hex letters only: a word
    'a1b2c3d4e5f6071', // 15 hex characters
    'user-profiles-archive', // long, but no digit
    'a1b2c3d4e5f6g7h8i9j', // 19 characters
    '',
  ])('%j is not', (segment) => {
    expect(isIdLike(segment)).toBe(false);
  });
});
