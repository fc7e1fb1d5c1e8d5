import { describe, expect, it } from 'vitest';
import { endpointOf, fileStem } from '../../src/capture/endpoint.js';

const of = (method: string, url: string) => endpointOf(method, new URL(url));

describe('endpointOf', () => {
  it('replaces id-like segments with {name} parameters and drops the query, the method upper-cased', () => {
    expect(of('get', 'https://h/api/v1/users/42?token=secret#x')).toEqual({
      method: 'GET',
      pattern: '/api/v1/users/{id}',
      key: 'GET /api/v1/users/{id}',
      params: [{ name: 'id', position: 3 }],
    });
    expect(of('GET', 'https://h/users/7/posts/9').key).toBe('GET /users/{userId}/posts/{id}');
    expect(of('GET', 'https://h/users/3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b/posts').pattern).toBe(
      '/users/{id}/posts',
    );
    expect(of('GET', 'https://h/o/507f1f77bcf86cd799439011').pattern).toBe('/o/{id}');
    expect(of('GET', 'https://h/c/9fceb02d0ae598e95dc970b74767f19372d61af8').pattern).toBe('/c/{id}');
    expect(of('GET', 'https://h/share/Zx9kP2mQ7vL4tR8wY1nB').pattern).toBe('/share/{id}');
  });

  it('keeps words, including hex-looking words without a digit and short mixed ones', () => {
    expect(of('GET', 'https://h/deadbeefcafebabe/v2/users').pattern).toBe('/deadbeefcafebabe/v2/users');
    expect(of('POST', 'https://h/').key).toBe('POST /');
  });

  it('keeps segments percent-encoded, so the pattern never holds a line break', () => {
    expect(of('GET', 'https://h/a%0Ab/c d').pattern).toBe('/a%0Ab/c%20d');
  });
});

describe('fileStem', () => {
  it('joins the method and the path words with dashes, as typefetch --har names its files', () => {
    expect(fileStem(of('GET', 'https://h/users/1'))).toBe('get-users-id');
    expect(fileStem(of('PATCH', 'https://h/api/user_profiles/7/avatar.png'))).toBe(
      'patch-api-user-profiles-id-avatar-png',
    );
    expect(fileStem(of('GET', 'https://h/'))).toBe('get-root');
  });

  it('never holds a separator or a dot, whatever the path holds', () => {
    for (const url of ['https://h/..%2F..%2Fetc/passwd', 'https://h/a%5Cb/%2e%2e', 'https://h/%00/x']) {
      expect(fileStem(of('GET', url))).toMatch(/^[a-z]+(?:-[a-z0-9]+)*$/);
    }
    expect(fileStem(of('GET', 'https://h/..%2F..%2Fetc/passwd'))).toBe('get-etc-passwd');
  });

  it('stops at 100 characters', () => {
    expect(fileStem(of('GET', `https://h/${'a'.repeat(300)}`))).toHaveLength(100);
  });
});
