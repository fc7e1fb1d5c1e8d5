import { describe, expect, it } from 'vitest';
import { endpointOf } from '../../src/capture/endpoint.js';
import { endpointName } from '../../src/cli/job/endpoint-name.js';
import { pathTemplate } from '../../src/shared/path-template.js';

const url = (pathAndQuery: string) => new URL(`https://api.example.com${pathAndQuery}`);

describe('pathTemplate', () => {
  it.each([
    ['/users', '/users'],
    ['/users/42', '/users/:id'],
    ['/users/42/posts/', '/users/:id/posts'],
    ['/orders/123e4567-e89b-12d3-a456-426614174000/items', '/orders/:id/items'],
    ['/items/507f1f77bcf86cd799439011', '/items/:id'],
    ['/share/a1B2c3D4e5F6g7H8i9J0k1', '/share/:id'],
    ['/words/deadbeefcafebabe', '/words/deadbeefcafebabe'],
    ['/', '/'],
  ])('%s -> %s', (path, template) => {
    expect(pathTemplate(url(path))).toBe(template);
  });

  it('ignores the query, the hash and the host, and keeps other segments percent-encoded', () => {
    expect(pathTemplate(new URL('https://user:pw@h.example/a%0Ab/7?token=s3cret#x'))).toBe('/a%0Ab/:id');
  });
});

describe('the CLI and typefetch/capture agree on an endpoint', () => {
  // The CLI names the file after the last segment that is not an id; capture keys the endpoint by its
  // template. For the same URL, the CLI's name is the template's last word and the CLI records the
  // same template in its file header.
  it.each([
    '/users',
    '/users/1',
    '/users/1/posts',
    '/api/v1/products',
    '/orders/123e4567-e89b-12d3-a456-426614174000',
    '/commits/9fceb02d0ae598e95dc970b74767f19372d61af8',
    '/share/a1B2c3D4e5F6g7H8i9J0k1/files',
    '/items/507f1f77bcf86cd799439011?page=2',
  ])('%s', (path) => {
    const captured = endpointOf('get', url(path));
    const words = captured.pattern.split('/').filter((word) => word !== '' && word !== ':id');
    expect(captured.pattern).toBe(pathTemplate(url(path)));
    expect(endpointName(url(path))).toBe(words.at(-1));
    expect(captured.key).toBe(`GET ${pathTemplate(url(path))}`);
  });
});
