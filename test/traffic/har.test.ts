import { describe, expect, it } from 'vitest';
import { HarError, isJsonType, isSuccessBody, parseHar } from '../../src/traffic/har.js';
import { entry, harText } from './helpers/har-text.js';

const HINT = 'save one with the browser devtools (Network tab, "Save all as HAR")';

describe('parseHar: what is not HAR', () => {
  it('names text that is not JSON in one line, without quoting it', () => {
    const text = '{"log": {"entries": [ Bearer tfsecret123456789 ';
    expect(() => parseHar(text)).toThrow(new HarError(`not a HAR file: the text is not JSON; ${HINT}`));
    try {
      parseHar(text);
    } catch (error) {
      expect(String(error)).not.toContain('tfsecret');
      expect(String(error)).not.toContain('\n');
    }
  });

  it('names JSON without log.entries', () => {
    for (const text of ['[]', '{}', '{"log": {}}', '{"log": {"entries": {}}}', 'null']) {
      expect(() => parseHar(text)).toThrow(
        new HarError(`not a HAR file: no "log.entries" array at the top level; ${HINT}`),
      );
    }
  });

  it('accepts a leading byte-order mark and an empty log', () => {
    expect(parseHar('\uFEFF{"log":{"entries":[]}}')).toEqual({
      exchanges: [],
      skipped: { total: 0, notJson: 0, notRecorded: 0, malformed: 0, preflight: 0 },
    });
  });
});

describe('parseHar: which entries are kept', () => {
  it('keeps JSON responses and 2xx answers without a body, and counts every other entry by reason', () => {
    const { exchanges, skipped } = parseHar(
      harText([
        { url: 'https://h.test/a', response: { a: 1 } },
        { url: 'https://h.test/page', mimeType: 'text/html', response: '<p>hi</p>' },
        { url: 'https://h.test/x', method: 'DELETE', status: 204, mimeType: 'application/json' },
        { url: 'https://h.test/a', method: 'HEAD', response: { a: 1 } },
        { url: 'https://h.test/bad', response: undefined, mimeType: 'text/plain' },
        { url: 'https://h.test/broken', rawText: '{"a":' },
        { url: 'https://h.test/saved-without-content', mimeType: 'application/json' },
        { url: 'wss://h.test/socket', response: { a: 1 } },
        { url: 'not a url', response: { a: 1 } },
        { request: { method: 'GET' }, response: { status: 200 } },
        'an entry that is a string',
      ]),
    );
    expect(exchanges.map((exchange) => [exchange.segments, exchange.empty])).toEqual([
      [['a'], undefined],
      [['x'], true],
    ]);
    expect(skipped).toEqual({ total: 9, notJson: 4, notRecorded: 1, malformed: 4, preflight: 0 });
  });

  it('counts an entry with no real status (0, as browsers save a blocked or cancelled request) as malformed', () => {
    const { exchanges, skipped } = parseHar(
      harText([
        { url: 'https://h.test/blocked', status: 0, response: { a: 1 } },
        { url: 'https://h.test/odd', status: 999, response: { a: 1 } },
        { url: 'https://h.test/early', status: 99, response: { a: 1 } },
        { url: 'https://h.test/ok', status: 599, response: { a: 1 } },
        { url: 'https://h.test/ok', status: 100, response: { a: 1 } },
      ]),
    );
    expect(exchanges.map((exchange) => exchange.status)).toEqual([599, 100]);
    expect(skipped).toEqual({ total: 3, notJson: 0, notRecorded: 0, malformed: 3, preflight: 0 });
  });

  it('counts a CORS preflight (OPTIONS with Access-Control-Request-Method) apart, and keeps any other OPTIONS', () => {
    const preflight = {
      method: 'OPTIONS',
      url: 'https://api.test/users',
      status: 204,
      mimeType: 'x-unknown',
      rawText: '',
      requestHeaders: { 'access-control-request-method': 'POST', Origin: 'https://app.test' },
    };
    const { exchanges, skipped } = parseHar(
      harText([
        preflight,
        {
          ...preflight,
          url: 'https://api.test/users/1',
          requestHeaders: { 'Access-Control-Request-Method': 'PUT' },
        },
        { method: 'POST', url: 'https://api.test/users', status: 201, response: { id: 1 } },
        { method: 'OPTIONS', url: 'https://api.test/users', response: { methods: ['GET', 'POST'] } },
      ]),
    );
    expect(exchanges.map((exchange) => `${exchange.method} ${exchange.status}`)).toEqual([
      'POST 201',
      'OPTIONS 200',
    ]);
    expect(skipped).toEqual({ total: 2, notJson: 0, notRecorded: 0, malformed: 0, preflight: 2 });
  });

  it('reads the parts each exchange needs, and only those', () => {
    const { exchanges } = parseHar(
      harText([
        {
          method: 'post',
          url: 'https://user:pw@h.test:8443/v1//users/1/?page=2&tag=a&tag=b&access_token=tfsecretvalue1234',
          status: 201,
          response: { id: 1 },
          body: { name: 'a' },
          requestHeaders: { authorization: 'Bearer tfsecretvalue1234' },
        },
      ]),
    );
    expect(exchanges).toEqual([
      {
        method: 'POST',
        origin: 'https://h.test:8443',
        segments: ['v1', 'users', '1'],
        query: [
          ['page', '2'],
          ['tag', 'a'],
          ['tag', 'b'],
          ['access_token', ''],
        ],
        status: 201,
        response: { id: 1 },
        mediaType: 'application/json',
        body: { value: { name: 'a' }, mediaType: 'application/json' },
      },
    ]);
    expect(JSON.stringify(exchanges)).not.toContain('tfsecret');
  });

  it('decodes base64 bodies and takes every +json type', () => {
    const base64 = entry({ url: 'https://h.test/b', mimeType: 'application/problem+json' }) as {
      response: { content: Record<string, unknown> };
    };
    base64.response.content['text'] = Buffer.from('{"title":"x"}').toString('base64');
    base64.response.content['encoding'] = 'base64';
    const { exchanges } = parseHar(harText([base64]));
    expect(exchanges.map((exchange) => exchange.response)).toEqual([{ title: 'x' }]);
  });

  it('keeps an empty JSON 2xx body as an answer without a body, and counts a missing text as not recorded', () => {
    const { exchanges, skipped } = parseHar(
      harText([
        { method: 'POST', url: 'https://h.test/track', rawText: '' },
        { url: 'https://h.test/saved-without-content', mimeType: 'application/json' },
      ]),
    );
    expect(exchanges).toEqual([
      {
        method: 'POST',
        origin: 'https://h.test',
        segments: ['track'],
        query: [],
        status: 200,
        response: undefined,
        empty: true,
        body: undefined,
      },
    ]);
    expect(skipped).toEqual({ total: 1, notJson: 0, notRecorded: 1, malformed: 0, preflight: 0 });
  });

  it('reads a JSON body that starts with a byte-order mark, as text or base64, as the client does', () => {
    const base64 = entry({ url: 'https://h.test/b' }) as { response: { content: Record<string, unknown> } };
    base64.response.content['text'] = Buffer.from('\uFEFF{"b":2}').toString('base64');
    base64.response.content['encoding'] = 'base64';
    const { exchanges, skipped } = parseHar(
      harText([{ url: 'https://h.test/a', rawText: '\uFEFF{"a":1}' }, base64]),
    );
    expect(exchanges.map((exchange) => exchange.response)).toEqual([{ a: 1 }, { b: 2 }]);
    expect(skipped.total).toBe(0);
  });

  it('keeps a request body only when it is JSON', () => {
    const form = entry({ method: 'POST', url: 'https://h.test/login', response: { ok: true } }) as {
      request: Record<string, unknown>;
    };
    form.request['postData'] = { mimeType: 'application/x-www-form-urlencoded', text: 'password=tfsecret' };
    const [exchange] = parseHar(harText([form])).exchanges;
    expect(exchange?.body).toBeUndefined();
  });
});

describe('isJsonType', () => {
  it('is true for application/json and *+json, with parameters, in any case', () => {
    expect(
      [
        'application/json',
        'Application/JSON; charset=utf-8',
        'application/vnd.api+json',
        'application/hal+json',
      ].map(isJsonType),
    ).toEqual([true, true, true, true]);
    expect(['text/json', 'text/html', 'application/jsonp', 'json', undefined, 3].map(isJsonType)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('isSuccessBody', () => {
  it('is a 2xx with a body: not a 2xx answered without one, not a 3xx or an error', () => {
    expect(
      [
        { status: 200 },
        { status: 299 },
        { status: 204, empty: true as const },
        { status: 304 },
        { status: 404 },
        { status: 199 },
      ].map(isSuccessBody),
    ).toEqual([true, true, false, false, false, false]);
  });
});
