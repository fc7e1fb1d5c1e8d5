import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, ENDPOINT_KEYS } from '../../../src/cli/config-file/keys.js';
import { resolveConfig } from '../../../src/cli/config-file/resolve.js';

describe('the config keys (taken from TypefetchConfig)', () => {
  it('are every key resolveConfig accepts, and the list an unknown key is told', () => {
    expect(() =>
      resolveConfig({ endpoints: [{ url: 'https://h.example/a' }], outDir: 'x' }, '/c.json', 'c.json'),
    ).toThrow(`c.json: unknown key "outDir" (allowed: ${CONFIG_KEYS.join(', ')})`);
    expect(() =>
      resolveConfig({ endpoints: [{ url: 'https://h.example/a', path: '/a' }] }, '/c.json', 'c.json'),
    ).toThrow(`c.json: unknown key "endpoints[0].path" (allowed: ${ENDPOINT_KEYS.join(', ')})`);
  });

  it('accept a config using every one of them', () => {
    const endpoint = {
      name: 'users',
      url: '/users',
      method: 'post',
      headers: { 'X-Id': '1' },
      body: {},
      samples: [],
      timeout: 5,
      format: 'zod',
      named: true,
      maps: false,
      formats: true,
      enums: true,
      taggedUnions: false,
      integers: true,
    };
    const config = {
      $schema: './schema.json',
      out: 'gen',
      baseUrl: 'https://h.example',
      concurrency: 2,
      timeout: 10,
      headers: { Accept: 'application/json' },
      format: 'typescript',
      named: false,
      maps: true,
      formats: false,
      enums: false,
      taggedUnions: true,
      integers: false,
      endpoints: [endpoint],
    };
    // `har` replaces `endpoints`: every key but it here, and it alone below.
    expect([...Object.keys(config), 'har']).toEqual(CONFIG_KEYS);
    expect(Object.keys(endpoint)).toEqual(ENDPOINT_KEYS);
    expect(resolveConfig(config, '/p/c.json', 'c.json').endpoints.map((each) => each.endpoint)).toEqual([
      'users',
    ]);
    // A HAR run sends no request: the keys of requests are refused with it (resolve.test.ts).
    const {
      endpoints: _endpoints,
      baseUrl: _baseUrl,
      headers: _headers,
      timeout: _timeout,
      concurrency: _concurrency,
      ...options
    } = config;
    expect(resolveConfig({ ...options, har: 'api.har' }, '/p/c.json', 'c.json').har).toEqual({
      file: '/p/api.har',
      shown: 'api.har',
    });
  });
});
