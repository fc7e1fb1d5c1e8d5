import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/create-client.js';
import { createLogger } from '../../src/client/logging/logger.js';
import type { Clock, LogData, Logger } from '../../src/client/types.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';

// Debug lines are not even built when the logger says debug is off (pino's isLevelEnabled, also on
// createLogger's loggers): the hot path of a client with a production logger does no logging work.
const stillClock: Clock = { now: () => 1_000, sleep: async () => {} };

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer((req, res) => {
    if (req.url === '/fail') return sendJson(res, 500, { error: 'boom' });
    sendJson(res, 200, { ok: true });
  });
});
afterAll(() => server.close());

/** A logger recording every call, with an isLevelEnabled that reports debug as `debugOn`. */
function recording(debugOn: boolean) {
  const calls: Array<[string, LogData, string]> = [];
  const record = (level: string) => (data: LogData, message: string) => {
    calls.push([level, data, message]);
  };
  const logger: Logger & { isLevelEnabled(level: string): boolean } = {
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
    isLevelEnabled: (level) => level !== 'debug' || debugOn,
  };
  return { logger, calls };
}

describe('lazy debug logging', () => {
  it('makes no debug call when isLevelEnabled("debug") is false, and still logs failures', async () => {
    const { logger, calls } = recording(false);
    const api = createApiClient({ baseUrl: server.url, logger, clock: stillClock });
    await api.get('/ok');
    expect(calls).toEqual([]);
    await expect(api.get('/fail')).rejects.toThrow('Internal server error.');
    expect(calls.map(([level, , message]) => [level, message])).toEqual([['warn', 'request failed']]);
  });

  it('makes the debug calls when isLevelEnabled("debug") is true', async () => {
    const { logger, calls } = recording(true);
    const api = createApiClient({ baseUrl: server.url, logger, clock: stillClock });
    await api.get('/ok');
    expect(calls.map(([level, , message]) => [level, message])).toEqual([
      ['debug', 'request'],
      ['debug', 'response'],
    ]);
  });

  it("warn lines show the interceptor's URL even when debug lines are skipped", async () => {
    const { logger, calls } = recording(false);
    const api = createApiClient({
      baseUrl: server.url,
      logger,
      clock: stillClock,
      interceptors: { request: (url, init) => [url.replace('/start', '/fail'), init] },
    });
    await expect(api.get('/start')).rejects.toThrow('Internal server error.');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[1]['url']).toBe(`${server.url}/fail`);
  });

  it("every line shows the interceptor's method, the one sent (the request and response lines too)", async () => {
    const { logger, calls } = recording(true);
    const api = createApiClient({
      baseUrl: server.url,
      logger,
      clock: stillClock,
      interceptors: { request: (url, init) => [url, { ...init, method: 'DELETE' }] },
    });
    await expect(api.get('/fail')).rejects.toThrow('Internal server error.');
    expect(server.requests.at(-1)?.method).toBe('DELETE');
    expect(calls.map(([level, data, message]) => [level, message, data['method']])).toEqual([
      ['debug', 'request', 'DELETE'],
      ['debug', 'response', 'DELETE'],
      ['warn', 'request failed', 'DELETE'],
    ]);
  });

  it('createLogger reports its levels through isLevelEnabled', () => {
    const logger = createLogger({ level: 'warn', write: () => {} }) as Logger & {
      isLevelEnabled(level: string): boolean;
    };
    expect(
      ['debug', 'info', 'warn', 'error', 'silent', 'bogus'].map((l) => logger.isLevelEnabled(l)),
    ).toEqual([false, false, true, true, false, false]);
  });
});
