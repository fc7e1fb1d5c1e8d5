import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isJsonContentType } from '../../src/client/response.js';
import { ApiError, createApiClient } from '../../src/index.js';
import { createTestServer, type TestServer } from '../helpers/server.js';

/** Routes: `/<status>/<content-type, URL-encoded or "none">/<body, URL-encoded>`. */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer((req, res) => {
    const [, status, type, body] = (req.url ?? '').split('/').map(decodeURIComponent);
    const headers: Record<string, string> = type === 'none' ? {} : { 'content-type': type ?? '' };
    res.writeHead(Number(status), headers);
    res.end(body ?? '');
  });
});
afterAll(() => server.close());

const route = (status: number, type: string, body: string): string =>
  `/${status}/${encodeURIComponent(type)}/${encodeURIComponent(body)}`;

describe('parsing a 2xx response', () => {
  const api = () => createApiClient({ baseUrl: server.url });

  it('parses application/json', async () => {
    expect(await api().get(route(200, 'application/json; charset=utf-8', '{"id":1,"tags":["a"]}'))).toEqual({
      id: 1,
      tags: ['a'],
    });
  });

  it('parses a *+json type', async () => {
    expect(await api().get(route(201, 'application/problem+json', '{"title":"x"}'))).toEqual({ title: 'x' });
    expect(await api().get(route(200, 'application/vnd.api+json', '[1,2]'))).toEqual([1, 2]);
  });

  it('parses JSON scalars', async () => {
    expect(await api().get(route(200, 'application/json', '42'))).toBe(42);
    expect(await api().get(route(200, 'application/json', 'null'))).toBeNull();
    expect(await api().get(route(200, 'application/json', '"s"'))).toBe('s');
  });

  it('resolves any other type to text', async () => {
    expect(await api().get(route(200, 'text/plain', '{"not":"parsed"}'))).toBe('{"not":"parsed"}');
    expect(await api().get(route(200, 'text/html', '<h1>hi</h1>'))).toBe('<h1>hi</h1>');
    expect(await api().get(route(200, 'none', 'plain'))).toBe('plain');
  });

  it('decodes UTF-8 text', async () => {
    expect(await api().get(route(200, 'application/json', '{"s":"ñandú ☃ 😀"}'))).toEqual({
      s: 'ñandú ☃ 😀',
    });
  });

  it('resolves 204 to undefined', async () => {
    expect(await api().delete(route(204, 'application/json', ''))).toBeUndefined();
  });

  it('resolves 205 to undefined', async () => {
    expect(await api().post(route(205, 'none', ''))).toBeUndefined();
  });

  it('resolves an empty 200 to undefined, even with a JSON type', async () => {
    expect(await api().get(route(200, 'application/json', ''))).toBeUndefined();
    expect(await api().get(route(200, 'text/plain', ''))).toBeUndefined();
  });

  it('resolves HEAD to undefined', async () => {
    expect(await api().request('HEAD', route(200, 'application/json', '{"a":1}'))).toBeUndefined();
  });

  it('resolves delete like any other method', async () => {
    expect(await api().delete(route(200, 'application/json', '{"deleted":true}'))).toEqual({ deleted: true });
  });

  it('rejects invalid JSON on a 2xx with an ApiError of that status naming the problem', async () => {
    const error = await api()
      .get(route(200, 'application/json', '{"a":'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).details).toEqual({
      status: 200,
      statusText: 'OK',
      message: 'The response is not valid JSON.',
      body: '{"a":',
      isTimeout: false,
    });
    expect((error as ApiError).cause).toBeInstanceOf(SyntaxError);
  });

  it('names the invalid JSON problem in Spanish with errorLocale es', async () => {
    await expect(
      api().get(route(201, 'application/json', '<html>'), { errorLocale: 'es' }),
    ).rejects.toMatchObject({ status: 201, message: 'La respuesta no es un JSON válido.' });
  });
});

describe('isJsonContentType', () => {
  it.each([
    ['application/json', true],
    ['APPLICATION/JSON; charset=UTF-8', true],
    ['application/ld+json', true],
    [' application/json ', true],
    ['text/json', false],
    ['application/jsonp', false],
    ['text/plain', false],
    [null, false],
  ])('%j -> %s', (type, expected) => {
    expect(isJsonContentType(type)).toBe(expected);
  });
});
