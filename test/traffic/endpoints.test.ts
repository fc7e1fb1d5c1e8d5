import { describe, expect, it } from 'vitest';
import { readHar } from '../../src/traffic/endpoints.js';
import { harText } from './helpers/har-text.js';

describe('readHar', () => {
  it('groups JSON entries into endpoints in order of first appearance, every method sharing one template', () => {
    const traffic = readHar(
      harText([
        { url: 'https://api.test/users/alice', response: { login: 'alice', id: 1 } },
        {
          method: 'PATCH',
          url: 'https://api.test/users/bob',
          response: { login: 'bob', id: 2 },
          body: { a: 1 },
        },
        { url: 'https://api.test/users/carol?x=1', response: { login: 'carol', id: 3 } },
        { url: 'https://api.test/users', response: [{ login: 'alice', id: 1 }] },
        { url: 'https://other.test/status', response: { up: true } },
        { url: 'https://api.test/', mimeType: 'text/html', response: '<p>' },
      ]),
    );
    expect(traffic.endpoints.map((endpoint) => [endpoint.key, endpoint.exchanges.length])).toEqual([
      ['GET /users/{user}', 2],
      ['PATCH /users/{user}', 1],
      ['GET /users', 1],
      ['GET /status', 1],
    ]);
    expect(traffic.endpoints[0]!.params).toEqual([{ name: 'user', position: 1 }]);
    expect(traffic.servers).toEqual(['https://api.test', 'https://other.test']);
    expect(traffic.skipped).toEqual({ total: 1, notJson: 1, notRecorded: 0, malformed: 0, preflight: 0 });
  });

  it('throws the one-line HAR error for text that is not HAR', () => {
    expect(() => readHar('<html>')).toThrow(/^not a HAR file: the text is not JSON; /);
  });
});
