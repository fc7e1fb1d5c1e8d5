import { describe, expect, it } from 'vitest';
import { endpointOf } from '../../src/capture/endpoint.js';
import { endpointName } from '../../src/cli/job/endpoint-name.js';
import { outlineOf } from '../../src/traffic/similar.js';
import {
  isParamSegment,
  pathSegments,
  singular,
  templateOfUrl,
  templatePaths,
} from '../../src/traffic/template.js';

const user = { id: 1, name: 'a', email: 'e' };
const repo = { id: 1, full_name: 'o/r', stars: 3 };

/** Templates of `path -> 2xx body` pairs. */
function templates(paths: Record<string, unknown>): string[] {
  return templatePaths(
    Object.entries(paths).map(([path, body]) => ({
      segments: path.split('/').filter((segment) => segment !== ''),
      outline: outlineOf(body === undefined ? [] : [body]),
    })),
  ).map((template) => template.template);
}

describe('templatePaths: which segments become parameters', () => {
  it('folds ids (digits, UUIDs, ObjectIds, long hex) into one template', () => {
    expect(
      templates({
        '/users/1': user,
        '/users/42': user,
        '/users/550e8400-e29b-41d4-a716-446655440000': user,
        '/users/507f1f77bcf86cd799439011': user,
        '/users/9f86d081884c7d65': user,
      }),
    ).toEqual(Array(5).fill('/users/{id}'));
  });

  it('makes a path token a parameter even when seen once', () => {
    expect(templates({ '/share/Ab3dEf9hIj2kLm4nOp6qRs': {} })).toEqual(['/share/{id}']);
  });

  it('makes a segment that varies between paths with the same neighbours and alike answers a parameter', () => {
    expect(templates({ '/users/alice': user, '/users/bob': { ...user, bio: 'x' } })).toEqual([
      '/users/{user}',
      '/users/{user}',
    ]);
  });

  it('lets a third name join the parameter the first two made, in any order', () => {
    const paths = { '/users/alice': user, '/users/bob': user, '/users/carol': user };
    expect(templates(paths)).toEqual(Array(3).fill('/users/{user}'));
    expect(templates({ '/users/carol': user, '/users/bob': user, '/users/alice': user })).toEqual(
      Array(3).fill('/users/{user}'),
    );
  });

  it('keeps two resources apart when their answers differ', () => {
    expect(
      templates({
        '/api/users': [user],
        '/api/posts': [{ id: 1, title: 't', body: 'b', userId: 1 }],
        '/api/tags': [],
      }),
    ).toEqual(['/api/users', '/api/posts', '/api/tags']);
  });

  it('keeps two collections of ids apart however alike their items (/users/{id}, /orgs/{id})', () => {
    const org = { ...user, plan: 'free' };
    expect(
      templates({
        '/v1/users/1': user,
        '/v1/users/2': user,
        '/v1/orgs/550e8400-e29b-41d4-a716-446655440000': org,
      }),
    ).toEqual(['/v1/users/{id}', '/v1/users/{id}', '/v1/orgs/{id}']);
    // Two plural words are two collections, however alike their items.
    expect(templates({ '/api/teams': [user], '/api/orgs': [user] })).toEqual(['/api/teams', '/api/orgs']);
    // A name that only looks plural joins the parameter other names made.
    expect(templates({ '/users/alice': user, '/users/james': user, '/users/bob': user })).toEqual(
      Array(3).fill('/users/{user}'),
    );
    // Names between two literals still join (`/users/alice/posts`, `/users/bob/posts`).
    expect(templates({ '/users/alice/posts': [user], '/users/bob/posts': [user] })).toEqual([
      '/users/{user}/posts',
      '/users/{user}/posts',
    ]);
  });

  it('keeps paths with no literal in common apart however alike their answers (/health, /status)', () => {
    const ok = { ok: true };
    expect(templates({ '/health': ok, '/status': ok, '/login': ok, '/config.json': ok })).toEqual([
      '/health',
      '/status',
      '/login',
      '/config.json',
    ]);
    expect(templates({ '/search': [user], '/users': [user] })).toEqual(['/search', '/users']);
    // A literal beside a parameter with nothing else in common does not join it either.
    expect(templates({ '/files/a.pdf': repo, '/files/b.png': repo, '/wiki/home': repo })).toEqual([
      '/files/{file}',
      '/files/{file}',
      '/wiki/home',
    ]);
  });

  it('keeps two words under a literal that is not a collection apart however alike their answers (/api/health, /api/status)', () => {
    const ok = { ok: true, uptime: 1 };
    expect(templates({ '/api/health': ok, '/api/status': ok })).toEqual(['/api/health', '/api/status']);
    expect(templates({ '/v1/api/ping': ok, '/v1/api/ready': ok, '/v1/api/live': ok })).toEqual([
      '/v1/api/ping',
      '/v1/api/ready',
      '/v1/api/live',
    ]);
    // After a plural word, a name right after a plural word, or a parameter of names, they are members.
    expect(
      templates({
        '/users/alice': ok,
        '/users/bob': ok,
        '/repos/octocat/hello-world': ok,
        '/repos/octocat/linux': ok,
        '/u/alice/hello-world': ok,
        '/u/bob/hello-world': ok,
        '/u/alice/linux': ok,
        '/u/bob/linux': ok,
      }),
    ).toEqual([
      '/users/{user}',
      '/users/{user}',
      '/repos/octocat/{id}',
      '/repos/octocat/{id}',
      ...Array(4).fill('/u/{id}/{id2}'),
    ]);
  });

  it('keeps the sub-resources after a parameter of ids apart (/users/{id}/settings, /users/{id}/profile)', () => {
    const settings = { theme: 'dark', locale: 'en' };
    expect(
      templates({
        '/users/1/settings': settings,
        '/users/1/profile': settings,
        '/users/2/preferences': settings,
      }),
    ).toEqual(['/users/{id}/settings', '/users/{id}/profile', '/users/{id}/preferences']);
    expect(templates({ '/users/1/followers': [user], '/users/1/following': [user] })).toEqual([
      '/users/{id}/followers',
      '/users/{id}/following',
    ]);
  });

  it('keeps a literal seen beside a parameter and nowhere else (/users/me)', () => {
    expect(templates({ '/users/1': user, '/users/2': user, '/users/me': user })).toEqual([
      '/users/{id}',
      '/users/{id}',
      '/users/me',
    ]);
  });

  it('joins owner/name paths: /repos/{owner}/{repo}', () => {
    expect(
      templates({
        '/repos/octocat/hello-world': repo,
        '/repos/octocat/spoon-knife': repo,
        '/repos/torvalds/linux': { ...repo, topics: [] },
      }),
    ).toEqual(Array(3).fill('/repos/{owner}/{repo}'));
  });

  it('keeps API versions literal', () => {
    expect(templates({ '/v1/users': [user], '/v2/users': [user] })).toEqual(['/v1/users', '/v2/users']);
  });

  it('keeps an API version literal beside a parameter of names (it does not join it)', () => {
    expect(
      templates({ '/api/beta/users': [user], '/api/internal/users': [user], '/api/v1/users': [user] }),
    ).toEqual(['/api/{id}/users', '/api/{id}/users', '/api/v1/users']);
    expect(templates({ '/docs/intro': repo, '/docs/setup': repo, '/docs/v2.1': repo })).toEqual([
      '/docs/{doc}',
      '/docs/{doc}',
      '/docs/v2.1',
    ]);
    // Beside another differing segment too (/repos/{owner}/{repo} is made that way).
    expect(templates({ '/x/alpha/a': repo, '/x/beta/a': repo, '/x/v1/b': { ...repo, topics: [] } })).toEqual([
      '/x/{id}/a',
      '/x/{id}/a',
      '/x/v1/b',
    ]);
  });

  it('gives the root path the template /', () => {
    expect(templates({ '/': { ok: true } })).toEqual(['/']);
  });
});

describe('templatePaths: how parameters are named', () => {
  it('names the last id after a plural id, an earlier one <singular>Id', () => {
    expect(templates({ '/users/1/posts/5': {}, '/orders/7/line-items/3': {} })).toEqual([
      '/users/{userId}/posts/{id}',
      '/orders/{orderId}/line-items/{id}',
    ]);
  });

  it('numbers generic names where the segment before is not a plural word', () => {
    expect(templates({ '/grid/1/2': {}, '/v1/5/users/7': {} })).toEqual([
      '/grid/{id}/{id2}',
      '/v1/{id2}/users/{id}',
    ]);
  });

  it('returns each parameter with its segment position', () => {
    const [template] = templatePaths([{ segments: ['users', '1', 'posts', '5'], outline: undefined }]);
    expect(template).toEqual({
      template: '/users/{userId}/posts/{id}',
      params: [
        { name: 'userId', position: 1 },
        { name: 'id', position: 3 },
      ],
    });
  });
});

describe('singular', () => {
  it('turns plural resource words into camel-cased singulars', () => {
    expect(
      ['users', 'categories', 'addresses', 'statuses', 'boxes', 'order-items', 'user_groups', 'Repos'].map(
        singular,
      ),
    ).toEqual(['user', 'category', 'address', 'status', 'box', 'orderItem', 'userGroup', 'repo']);
  });

  it('keeps the ie of -ie words and the plural of words that have no other', () => {
    expect(
      ['movies', 'userCookies', 'ties', 'parties', 'series', 'tv-series', 'species'].map(singular),
    ).toEqual(['movie', 'userCookie', 'tie', 'party', 'series', 'tvSeries', 'species']);
  });

  it('is undefined for words that are not plural or not words', () => {
    expect(['status', 'analysis', 'search', 'v1', 'api', '%20', 'a-', 'us'].map(singular)).toEqual(
      Array(8).fill(undefined),
    );
  });
});

describe('isParamSegment', () => {
  it('is true for ids and tokens, false for words, versions and short mixed codes', () => {
    expect(['1', 'deadbeefdeadbeef1', 'Ab3dEf9hIj2kLm4nOp6qRs'].map(isParamSegment)).toEqual([
      true,
      true,
      true,
    ]);
    expect(['users', 'v1', 'abc123', 'deadbeefcafebabe'].map(isParamSegment)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('templateOfUrl: one URL on its own (the CLI file header, capture)', () => {
  const url = (pathAndQuery: string) => new URL(`https://api.example.com${pathAndQuery}`);

  it.each([
    ['/users', '/users'],
    ['/users/42', '/users/{id}'],
    ['/users/42/posts/', '/users/{id}/posts'],
    ['/users/42/posts/7', '/users/{userId}/posts/{id}'],
    ['/orders/123e4567-e89b-12d3-a456-426614174000/items', '/orders/{id}/items'],
    ['/items/507f1f77bcf86cd799439011', '/items/{id}'],
    ['/share/a1B2c3D4e5F6g7H8i9J0k1', '/share/{id}'],
    ['/grid/1/2', '/grid/{id}/{id2}'],
    ['/words/deadbeefcafebabe', '/words/deadbeefcafebabe'],
    ['/users/alice', '/users/alice'],
    ['/', '/'],
  ])('%s -> %s', (path, template) => {
    expect(templateOfUrl(url(path)).template).toBe(template);
  });

  it('gives the parameters with their positions', () => {
    expect(templateOfUrl(url('/users/42/posts/7')).params).toEqual([
      { name: 'userId', position: 1 },
      { name: 'id', position: 3 },
    ]);
  });

  it('ignores the query, the hash and the host, and keeps other segments percent-encoded', () => {
    expect(templateOfUrl(new URL('https://user:pw@h.example/a%0Ab/7?token=s3cret#x')).template).toBe(
      '/a%0Ab/{id}',
    );
  });

  it('is what a HAR run gives for the same single path', () => {
    for (const path of ['/users/42/posts/7', '/api/v1/products/9', '/files/Zx9kP2mQ7vL4tR8wY1nB']) {
      expect(templatePaths([{ segments: pathSegments(path), outline: undefined }])[0]).toEqual(
        templateOfUrl(url(path)),
      );
    }
  });
});

describe('the CLI and typefetch/capture agree on an endpoint', () => {
  // The CLI names the file after the last segment that is not an id; capture keys the endpoint by its
  // template. For the same URL, the CLI's name is the template's last literal word and the CLI records
  // the same template in its file header.
  const url = (pathAndQuery: string) => new URL(`https://api.example.com${pathAndQuery}`);
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
    const words = captured.pattern.split('/').filter((word) => word !== '' && !word.startsWith('{'));
    expect(captured.pattern).toBe(templateOfUrl(url(path)).template);
    expect(endpointName(url(path))).toBe(words.at(-1));
    expect(captured.key).toBe(`GET ${templateOfUrl(url(path)).template}`);
  });
});
