import { Agent } from 'undici';
import { describe, expect, it } from 'vitest';
import { createUndiciFetch, type UndiciFetchOptions } from '../../src/undici/index.js';
import { createTestServer } from '../helpers/server.js';
import { UNDICI_PACKAGE, UNDICI_VERSION } from './helpers/undici-package.js';

describe('createUndiciFetch options', () => {
  it(`makes its keep-alive Agent from the undici under test (${UNDICI_PACKAGE} ${UNDICI_VERSION})`, async () => {
    const undici: { Agent: typeof Agent } = await import(UNDICI_PACKAGE);
    const undiciFetch = createUndiciFetch();
    expect(undiciFetch.dispatcher).toBeInstanceOf(undici.Agent);
    await undiciFetch.close();
  });

  it.each([
    [{ connections: 0 }, 'connections must be an integer >= 1, got 0'],
    [{ connections: 1.5 }, 'connections must be an integer >= 1, got 1.5'],
    [{ keepAliveTimeoutMs: -1 }, 'keepAliveTimeoutMs must be an integer >= 1, got -1'],
    [{ maxRedirections: Number.NaN }, 'maxRedirections must be an integer >= 0, got NaN'],
    [{ maxRedirections: '5' }, 'maxRedirections must be an integer >= 0, got "5"'],
  ])('rejects %j with a RangeError naming the option', (options, message) => {
    expect(() => createUndiciFetch(options as UndiciFetchOptions)).toThrow(new RangeError(message));
  });

  it('rejects a dispatcher that is not one, and connection options beside your own dispatcher', () => {
    expect(() => createUndiciFetch({ dispatcher: {} as Agent })).toThrow(
      new TypeError('dispatcher must be an undici Dispatcher, got an object'),
    );
    const agent = new Agent();
    expect(() => createUndiciFetch({ dispatcher: agent, connections: 4 })).toThrow(
      new TypeError(
        'dispatcher: connections and keepAliveTimeoutMs configure our own Agent; set them on yours',
      ),
    );
    expect(() => createUndiciFetch(null as unknown as UndiciFetchOptions)).toThrow(
      new TypeError('createUndiciFetch(options): options must be an object, got null'),
    );
  });

  it("rejects an option it does not have (undici's own keepAliveTimeout, a typo) instead of ignoring it", () => {
    expect(() => createUndiciFetch({ keepAliveTimeout: 30_000 } as UndiciFetchOptions)).toThrow(
      new TypeError(
        'createUndiciFetch(options): keepAliveTimeout is not an option of createUndiciFetch (misspelt?)',
      ),
    );
    expect(() => createUndiciFetch({ conections: 4 } as UndiciFetchOptions)).toThrow(
      new TypeError(
        'createUndiciFetch(options): conections is not an option of createUndiciFetch (misspelt?)',
      ),
    );
  });

  it('closes an idle socket after keepAliveTimeoutMs even when the server hints a longer Keep-Alive timeout', async () => {
    let closedAt: number | undefined;
    const server = await createTestServer((req, res) => {
      req.socket.once('close', () => {
        closedAt = Date.now();
      });
      res.writeHead(200, { 'content-type': 'text/plain', 'keep-alive': 'timeout=60' });
      res.end('ok');
    });
    const undiciFetch = createUndiciFetch({ keepAliveTimeoutMs: 100 });
    try {
      const done = Date.now();
      expect(await (await undiciFetch(`${server.url}/`)).text()).toBe('ok');
      // 100 ms asked; the server's own 5 s keep-alive timeout would close it later; 60 s hinted.
      for (let waited = 0; closedAt === undefined && waited < 2000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(closedAt).toBeDefined();
      expect((closedAt as number) - done).toBeLessThan(2000);
    } finally {
      await undiciFetch.close();
      await server.close();
    }
  });

  it('uses your dispatcher and leaves it open on close()', async () => {
    const agent = new Agent();
    const undiciFetch = createUndiciFetch({ dispatcher: agent });
    expect(undiciFetch.dispatcher).toBe(agent);
    await undiciFetch.close();
    expect(agent.closed).toBe(false);
    await agent.close();
  });

  it('closes its own Agent on close()', async () => {
    const undiciFetch = createUndiciFetch();
    expect(undiciFetch.dispatcher).toBeInstanceOf(Agent);
    await undiciFetch.close();
    expect((undiciFetch.dispatcher as Agent).closed).toBe(true);
  });
});
