import { mkdir, symlink } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { makeTempDir, removeDir } from '../../cli/helpers/memory-io.js';
import { createTestServer, sendJson, type TestServer } from '../../helpers/server.js';
import { ensureBuilt, ROOT } from './cli.js';

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
    fixture.dir = await makeWorkDirWithZod();
    fixture.server.requests.length = 0;
    fixture.responses = initial();
  });
  afterEach(() => removeDir(path.dirname(fixture.dir)));
  return fixture;
}

/**
 * A fresh working folder `<temp>/work` whose parent holds `node_modules/zod` (a link to this repository's),
 * as a project that uses zod has: the folder itself stays empty, and `--format=zod` finds zod from it.
 */
async function makeWorkDirWithZod(): Promise<string> {
  const parent = await makeTempDir();
  await mkdir(path.join(parent, 'node_modules'));
  await symlink(path.join(ROOT, 'node_modules', 'zod'), path.join(parent, 'node_modules', 'zod'), 'dir');
  const work = path.join(parent, 'work');
  await mkdir(work);
  return work;
}
