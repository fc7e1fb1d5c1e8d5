import type { IncomingMessage } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { makeTempDir, removeDir } from '../../cli/helpers/memory-io.js';
import { createTestServer, sendJson, type TestServer } from '../../helpers/server.js';
import { ensureBuilt } from './cli.js';

/** The world of an end-to-end CLI test file; its fields are set by the hooks `useE2eFixture` registers. */
export interface E2eFixture {
  /** The loopback server; its `requests` are cleared before each test. */
  server: TestServer;
  /** A fresh temporary folder for each test: the CLI's working directory. */
  dir: string;
  /** What the server answers with 200, per path: reset before each test, which may change it. */
  responses: Record<string, unknown>;
}

/**
 * Registers the hooks of an end-to-end CLI test file: the built binary, one loopback server for the
 * file answering from `responses` (404 with `notFound(req)` for any other path), and a fresh folder
 * and fresh `responses` (from `initial()`) for each test.
 */
export function useE2eFixture(
  initial: () => Record<string, unknown>,
  notFound: (req: IncomingMessage) => unknown = () => ({ error: 'unknown' }),
): E2eFixture {
  const fixture = {} as E2eFixture;
  beforeAll(async () => {
    await ensureBuilt();
    fixture.server = await createTestServer((req, res) => {
      const body = fixture.responses[req.url ?? ''];
      if (body === undefined) return sendJson(res, 404, notFound(req));
      sendJson(res, 200, body);
    });
  });
  afterAll(() => fixture.server.close());
  beforeEach(async () => {
    fixture.dir = await makeTempDir();
    fixture.server.requests.length = 0;
    fixture.responses = initial();
  });
  afterEach(() => removeDir(fixture.dir));
  return fixture;
}
