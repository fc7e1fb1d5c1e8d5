import { describe, expect, it } from 'vitest';
import { fillPathParams } from '../../src/client/endpoint-map.js';
import { ApiError, createApiClient } from '../../src/index.js';
import { compile } from '../helpers/compile.js';
import { sendJson, serveEach } from '../helpers/server.js';

const serve = serveEach();

describe('fillPathParams', () => {
  it('fills every {name} with its value, percent-encoded', () => {
    expect(fillPathParams('/repos/{owner}/{repo}', { owner: 'a b', repo: 'x' })).toBe('/repos/a%20b/x');
    expect(fillPathParams('/files/{id}', { id: 'a/b' })).toBe('/files/a%2Fb');
    expect(fillPathParams('/files/{id}', { id: '?x=1#y' })).toBe('/files/%3Fx%3D1%23y');
    expect(fillPathParams('/users/{id}', { id: 42 })).toBe('/users/42');
    expect(fillPathParams('/users/{id}/posts/{id2}', { id: 1, id2: 'é' })).toBe('/users/1/posts/%C3%A9');
  });

  it('leaves a path without parameters as it is', () => {
    expect(fillPathParams('/users')).toBe('/users');
    expect(fillPathParams('/users', {})).toBe('/users');
  });

  it('rejects a missing parameter with a TypeError naming it and the path', () => {
    expect(() => fillPathParams('/users/{id}', {})).toThrow(
      new TypeError('params.id is missing: the path /users/{id} needs it'),
    );
    expect(() => fillPathParams('/users/{id}')).toThrow(
      new TypeError('params.id is missing: the path /users/{id} needs it'),
    );
    expect(() => fillPathParams('/users/{id}', { id: undefined })).toThrow(TypeError);
  });

  it('rejects a name the path does not have', () => {
    expect(() => fillPathParams('/users/{id}', { id: 1, userId: 2 })).toThrow(
      new TypeError('params.userId is not a parameter of the path /users/{id}'),
    );
  });

  it('rejects values that are not strings or finite numbers, and dot segments', () => {
    expect(() => fillPathParams('/u/{id}', { id: { a: 1 } })).toThrow(
      new TypeError('params.id must be a string or a finite number, got an object'),
    );
    expect(() => fillPathParams('/u/{id}', { id: Number.NaN })).toThrow(
      new TypeError('params.id must be a string or a finite number, got NaN'),
    );
    expect(() => fillPathParams('/u/{id}', { id: '..' })).toThrow(
      new TypeError('params.id must not be empty, "." or "..", got ".."'),
    );
    expect(() => fillPathParams('/u/{id}', { id: '' })).toThrow(TypeError);
  });
});

interface Api {
  'GET /files/{id}': {
    params: { id: string | number };
    query: never;
    body: never;
    response: { path: string };
  };
  'POST /repos/{owner}/{repo}': {
    params: { owner: string | number; repo: string | number };
    query: never;
    body: { name: string };
    response: { path: string; body: string };
  };
  'POST /comments': { params: never; query: never; body: { body: string }; response: { body: string } };
}

describe('params through createApiClient<Api>(), against a loopback server', () => {
  it('sends each parameter percent-encoded: a/b arrives as a%2Fb', async () => {
    const server = await serve((req, res) => sendJson(res, 200, { path: req.url, body: req.body }));
    const api = createApiClient<Api>({ baseUrl: server.url });
    await expect(api.get('/files/{id}', { params: { id: 'a/b' } })).resolves.toEqual({
      path: '/files/a%2Fb',
      body: '',
    });
    await expect(
      api.post('/repos/{owner}/{repo}', { name: 'x' }, { params: { owner: 'a b', repo: 'c?d' } }),
    ).resolves.toEqual({ path: '/repos/a%20b/c%3Fd', body: '{"name":"x"}' });
    expect(server.requests.map((request) => request.url)).toEqual(['/files/a%2Fb', '/repos/a%20b/c%3Fd']);
  });

  it('fills params in every method, typed or not, and leaves a path without params as it is', async () => {
    const server = await serve((req, res) => sendJson(res, 200, { path: req.url, body: req.body }));
    const api = createApiClient({ baseUrl: server.url });
    const params = { id: 'x/y' };
    await api.get('/a/{id}', { params });
    await api.delete('/a/{id}', { params });
    await api.post('/a/{id}', { n: 1 }, { params });
    await api.put('/a/{id}', { n: 1 }, { params });
    await api.patch('/a/{id}', { n: 1 }, { params });
    await api.request('GET', '/a/{id}', { params, searchParams: { q: 'a b' } });
    await api.get('/literal/{braces}');
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /a/x%2Fy',
      'DELETE /a/x%2Fy',
      'POST /a/x%2Fy',
      'PUT /a/x%2Fy',
      'PATCH /a/x%2Fy',
      'GET /a/x%2Fy?q=a+b',
      'GET /literal/%7Bbraces%7D',
    ]);
  });

  it('sends a body that looks like options ({ body }) as the body, with the options the map requires', async () => {
    const server = await serve((req, res) => sendJson(res, 201, { body: req.body }));
    const api = createApiClient<Api>({ baseUrl: server.url });
    await expect(api.post('/comments', { body: 'Hi' }, {})).resolves.toEqual({ body: '{"body":"Hi"}' });
    // What the two-argument form, which the map's types refuse here, would have sent.
    await expect(createApiClient({ baseUrl: server.url }).post('/comments', { body: 'Hi' })).resolves.toEqual(
      {
        body: 'Hi',
      },
    );
  });

  it('rejects a missing param with a TypeError before anything is sent', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, {}));
    const api = createApiClient({ baseUrl: server.url });
    const call = api.get('/users/{id}', { params: {} });
    await expect(call).rejects.toThrow(new TypeError('params.id is missing: the path /users/{id} needs it'));
    await expect(call).rejects.not.toBeInstanceOf(ApiError);
    expect(server.requests).toEqual([]);
  });

  it('rejects a "." or ".." value, which would climb out of the path, before anything is sent', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, {}));
    const api = createApiClient({ baseUrl: `${server.url}/api/v1/` });
    for (const id of ['..', '.']) {
      const call = api.get('/users/{id}/posts', { params: { id } });
      await expect(call).rejects.toThrow(
        new TypeError(`params.id must not be empty, "." or "..", got ${JSON.stringify(id)}`),
      );
      await expect(call).rejects.not.toBeInstanceOf(ApiError);
    }
    expect(server.requests).toEqual([]);
  });

  it('sends a value spelling a dot segment encoded (%2e%2e, ..%2f) as one segment under the base path', async () => {
    const server = await serve((req, res) => sendJson(res, 200, { path: req.url }));
    const api = createApiClient({ baseUrl: `${server.url}/api/v1/` });
    for (const id of ['%2e%2e', '%2E.', '..%2f', '../..', '...']) {
      await api.get('/users/{id}/posts', { params: { id } });
    }
    // The URL parser reads %2e as ".", but the value's "%" is itself encoded: the server decodes the
    // segment back to the value as given.
    const paths = server.requests.map((request) => request.url);
    expect(paths).toEqual([
      '/api/v1/users/%252e%252e/posts',
      '/api/v1/users/%252E./posts',
      '/api/v1/users/..%252f/posts',
      '/api/v1/users/..%2F../posts',
      '/api/v1/users/.../posts',
    ]);
    expect(paths.map((each) => decodeURIComponent(each.split('/')[4] ?? ''))).toEqual([
      '%2e%2e',
      '%2E.',
      '..%2f',
      '../..',
      '...',
    ]);
  });

  it('rejects a value with a lone surrogate with a TypeError naming the param (not a URIError), before sending', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, {}));
    const api = createApiClient({ baseUrl: server.url });
    // Half of an emoji, as a string cut by slice() or a byte limit leaves it.
    const call = api.get('/tokens/{token}', { params: { token: 's3cr3t\uD83D' } });
    await expect(call).rejects.toThrow(
      new TypeError(
        'params.token must be well-formed Unicode: it has a lone surrogate, which cannot be percent-encoded',
      ),
    );
    await expect(call).rejects.toBeInstanceOf(TypeError);
    expect(server.requests).toEqual([]);
  });

  it('shows the path in a params error with its secret query values and credentials redacted', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, {}));
    const api = createApiClient({ baseUrl: server.url });
    await expect(api.get('/items/{id}?api_key=s3cr3t&page=2', { params: {} })).rejects.toThrow(
      new TypeError('params.id is missing: the path /items/{id}?api_key=[REDACTED]&page=2 needs it'),
    );
    await expect(api.get('/items?token=s3cr3t', { params: { id: 1 } })).rejects.toThrow(
      new TypeError('params.id is not a parameter of the path /items?token=[REDACTED]'),
    );
    await expect(createApiClient().get('https://bob:pw@h.test/items/{id}', { params: {} })).rejects.toThrow(
      new TypeError('params.id is missing: the path https://[REDACTED]@h.test/items/{id} needs it'),
    );
    expect(server.requests).toEqual([]);
  });
});

describe('what the compiler says of a wrong typed call', () => {
  const calls = (...lines: string[]) =>
    compile({
      'calls.ts': [
        "import { createApiClient } from '../../../src/index.js';",
        'interface Api {',
        "  'GET /users': { params: never; query: never; body: never; response: { id: number }[] };",
        "  'GET /users/{id}': { params: { id: string | number }; query: never; body: never; response: { id: number } };",
        "  'POST /users': { params: never; query: never; body: { name: string }; response: { id: number } };",
        '}',
        "const api = createApiClient<Api>({ baseUrl: 'https://api.test' });",
        ...lines,
        'export {};',
      ].join('\n'),
    });

  it('names a path that is not in the map, rather than asking for an argument', () => {
    expect(calls("void api.get('/usres');", "void api.post('/usres', { name: 'a' });")).toEqual([
      `calls.ts:8: Argument of type '"/usres"' is not assignable to parameter of type '"/users" | "/users/{id}"'.`,
      `calls.ts:9: Argument of type '"/usres"' is not assignable to parameter of type '"/users"'.`,
    ]);
  });

  it('names a path that is not in the map when the method has one path, rather than asking for an argument', () => {
    const lines = compile({
      'calls.ts': [
        "import { createApiClient } from '../../../src/index.js';",
        'interface Api {',
        "  'GET /users/{id}': { params: { id: string | number }; query: never; body: never; response: { id: number } };",
        "  'POST /users/{id}': { params: { id: string | number }; query: never; body: { name: string }; response: { id: number } };",
        '}',
        "const api = createApiClient<Api>({ baseUrl: 'https://api.test' });",
        "void api.get('/misspelt');",
        "void api.request('GET', '/misspelt');",
        "void api.post('/misspelt', { name: 'a' });",
        "void api.get('/users/{id}');",
        'export {};',
      ].join('\n'),
    });
    expect(lines).toEqual([
      `calls.ts:7: Argument of type '"/misspelt"' is not assignable to parameter of type '"/users/{id}"'.`,
      `calls.ts:8: Argument of type '"/misspelt"' is not assignable to parameter of type '"/users/{id}"'.`,
      `calls.ts:9: Argument of type '"/misspelt"' is not assignable to parameter of type '"/users/{id}"'.`,
      'calls.ts:10: Expected 2 arguments, but got 1.',
    ]);
  });

  it('names the paths for a path typed string', () => {
    expect(calls('declare const path: string;', 'void api.get(path);')).toEqual([
      `calls.ts:9: Argument of type 'string' is not assignable to parameter of type '"/users" | "/users/{id}"'.`,
    ]);
  });

  it('asks for the options of a path that needs params', () => {
    expect(calls("void api.get('/users/{id}');")).toEqual(['calls.ts:8: Expected 2 arguments, but got 1.']);
  });

  // docs/client.md, "A function that wraps a call typed by path".
  it('refuses a wrapper generic in the path, as docs/client.md says: the arguments after it depend on the endpoint', () => {
    expect(
      calls(
        "function load<P extends '/users' | '/users/{id}'>(path: P) { return api.get(path); }",
        'void load;',
      ),
    ).toEqual([
      `calls.ts:8: Argument of type 'P' is not assignable to parameter of type 'PathArg<Api, "GET", P>'.\n` +
        `  Type '"/users" | "/users/{id}"' is not assignable to type 'PathArg<Api, "GET", P>'.\n` +
        `    Type '"/users"' is not assignable to type 'PathArg<Api, "GET", P>'.`,
    ]);
  });

  it('checks each call of a wrapper typed as the method it wraps by its path, naming a misspelt one', () => {
    const wrapper = [
      "const load: import('../../../src/index.js').TypedApiClient<Api>['get'] = (path, ...args) => {",
      '  console.log(path);',
      '  return api.get(path, ...args);',
      '};',
    ];
    expect(
      calls(
        ...wrapper,
        "const user: { id: number } = await load('/users/{id}', { params: { id: 1 } });",
        "const users: { id: number }[] = await load('/users');",
        'void user, users;',
        "void load('/usres');",
        "void load('/users/{id}');",
        "void load('/users/{id}', { params: { userId: 1 } });",
      ),
    ).toEqual([
      `calls.ts:15: Argument of type '"/usres"' is not assignable to parameter of type '"/users" | "/users/{id}"'.`,
      'calls.ts:16: Expected 2 arguments, but got 1.',
      "calls.ts:17: Object literal may only specify known properties, and 'userId' does not exist in type '{ id: string | number; }'.",
    ]);
  });
});
