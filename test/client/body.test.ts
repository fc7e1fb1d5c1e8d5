import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/index.js';
import { sendJson, serveEach } from '../helpers/server.js';

const serve = serveEach();

describe('a JSON body that JSON.stringify refuses', () => {
  it('rejects a circular body on one line naming options.body, and sends nothing', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, {}));
    const api = createApiClient({ baseUrl: server.url });
    const body: Record<string, unknown> = { name: 'a' };
    body['self'] = body;
    const error = (await api.post('/x', body).catch((e: unknown) => e)) as TypeError;
    expect(error).toEqual(
      new TypeError(
        "options.body cannot be sent as JSON: Converting circular structure to JSON --> starting at object with constructor 'Object' --- property 'self' closes the circle",
      ),
    );
    expect(error.cause).toBeInstanceOf(TypeError);
    await expect(api.put('/x', { id: 1n })).rejects.toThrow(
      new TypeError('options.body cannot be sent as JSON: Do not know how to serialize a BigInt'),
    );
    expect(server.requests).toEqual([]);
  });
});
