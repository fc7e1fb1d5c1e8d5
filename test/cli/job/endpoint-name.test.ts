import { describe, expect, it } from 'vitest';
import { endpointName } from '../../../src/cli/job/endpoint-name.js';

const name = (pathAndQuery: string) => endpointName(new URL(`https://api.example.com${pathAndQuery}`));

describe('endpointName', () => {
  it.each([
    // The spec's and decisions.md's results.
    ['/users', 'users'],
    ['/users/1', 'users'],
    ['/posts/123', 'posts'],
    ['/api/v1/products', 'products'],
    ['/todos/1', 'todos'],
    ['/users/1/posts', 'posts'],
  ])('spec: %s -> %s', (path, expected) => {
    expect(name(path)).toBe(expected);
  });

  it.each([
    ['/orders/123e4567-e89b-12d3-a456-426614174000', 'orders'],
    ['/orders/123E4567-E89B-12D3-A456-426614174000/items', 'items'],
    ['/items/507f1f77bcf86cd799439011', 'items'],
    ['/items/abcdefabcdefabcdefabcdef', 'items'],
    ['/commits/a1b2c3d4e5f60718', 'commits'],
    ['/commits/9fceb02d0ae598e95dc970b74767f19372d61af8', 'commits'],
  ])('drops id-like segments: %s -> %s', (path, expected) => {
    expect(name(path)).toBe(expected);
  });

  it.each([
    ['/words/deadbeefcafebabe', 'deadbeefcafebabe'], // hex letters only: a word, not an id
    ['/hex/a1b2c3d4e5f6071', 'a1b2c3d4e5f6071'], // 15 hex characters: too short for an id
    ['/v2', 'v2'],
    ['/2fa', '2fa'],
  ])('keeps segments that are not ids: %s -> %s', (path, expected) => {
    expect(name(path)).toBe(expected);
  });

  it.each([
    ['/data/users.json', 'users'],
    ['/users/1.json', 'users'],
    ['/feed.xml', 'feed'],
    ['/archive.tar.gz', 'archivetar'],
  ])('strips a trailing extension: %s -> %s', (path, expected) => {
    expect(name(path)).toBe(expected);
  });

  it.each([
    ['/user-profiles', 'user-profiles'],
    ['/user_profiles', 'user_profiles'],
    ['/user%20profiles', 'userprofiles'],
    ['/caf%C3%A9s', 'cafs'],
    ['/users/?page=2#top', 'users'],
    ['/users?id=..%2f..%2fetc', 'users'],
  ])('keeps only [A-Za-z0-9_-] and ignores query and hash: %s -> %s', (path, expected) => {
    expect(name(path)).toBe(expected);
  });

  it.each([['/'], [''], ['/123'], ['/123/456'], ['/%20'], ['/@@/!!'], ['/_/--/_-']])(
    'gives root when nothing is left: %j',
    (path) => {
      expect(name(path)).toBe('root');
    },
  );

  it.each([
    ['/..%2f..%2fetc', 'etc'],
    ['/users/..%2F..%2Fpasswd', 'passwd'],
    ['/%2e%2e/%2e%2e/secret', 'secret'],
    ['/users/%2e%2e', 'root'], // the URL parser resolves %2e%2e itself
    ['/x%5c..%5cevil', 'evil'],
    ['/a\\..\\..\\b', 'b'], // the URL parser turns \ into / for http(s)
    ['/users/..%2f', 'users'],
    ['/%2e%2e%2f', 'root'],
  ])('never yields a path: %s -> %s', (path, expected) => {
    expect(name(path)).toBe(expected);
  });

  it('keeps a malformed escape as written', () => {
    expect(name('/%zz/users')).toBe('users');
    expect(name('/users/%zz')).toBe('zz');
  });

  it('caps the name at 100 characters', () => {
    expect(name(`/${'a'.repeat(300)}`)).toBe('a'.repeat(100));
  });
});
