/**
 * The fault matrix: every server fault of `fixtures/faults/cases.ts` x {no policy, retry, breaker,
 * both}, against real loopback servers. Each case asserts how every request settles, how many
 * requests the server saw and which delays the client asked for; a POST without Idempotency-Key
 * must reach the server at most once. Child-process checks (exit, memory) are in faults-process.test.ts.
 */
import { STATUS_CODES } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  CircuitOpenError,
  type Clock,
  createApiClient,
  NetworkError,
  type ParseAs,
  type Progress,
  TimeoutError,
} from '../../src/index.js';
import { createFakeClock } from '../helpers/fake-clock.js';
import { BINARY, FAULTS } from './fixtures/faults/cases.js';
import { createFaultServer } from './fixtures/faults/fault-server.js';
import {
  BREAKER,
  FAULT_CASES,
  type FaultCase,
  MODES,
  type Mode,
  type Outcome,
  RETRY,
} from './fixtures/faults/matrix.js';

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => {
  unhandled.push(reason);
};
const countTimers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
let timersBefore = 0;

beforeAll(() => {
  process.on('unhandledRejection', onUnhandled);
  timersBefore = countTimers();
});

afterAll(async () => {
  // Give a rejection that nobody handled the turn it needs to be reported.
  await new Promise((resolve) => setImmediate(resolve));
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
  // Every request has settled and every server is stopped: no timer of the client may be left.
  expect(countTimers()).toBe(timersBefore);
});

/** A settled request in a comparable form. */
type Settled =
  | { value: unknown }
  | { error: string; status: number; statusText: string; isTimeout: boolean; body: unknown }
  | { unexpected: string };

async function settle(promise: Promise<unknown>): Promise<Settled> {
  try {
    return { value: await promise };
  } catch (error) {
    if (!(error instanceof ApiError)) return { unexpected: String(error) };
    const { status, statusText, isTimeout, body } = error;
    return { error: error.name, status, statusText, isTimeout, body };
  }
}

function expected(outcome: Outcome, fault: FaultCase): Settled {
  if (typeof outcome === 'object') return { value: outcome.ok };
  if (outcome === 'ok') return { value: fault.value };
  if (outcome === 'net') {
    return { error: 'ApiError', status: 0, statusText: 'Network Error', isTimeout: false, body: undefined };
  }
  if (outcome === 'timeout') {
    return {
      error: 'ApiError',
      status: 408,
      statusText: 'Request Timeout',
      isTimeout: true,
      body: undefined,
    };
  }
  if (outcome === 'open') {
    return {
      error: 'CircuitOpenError',
      status: 503,
      statusText: 'Service Unavailable',
      isTimeout: false,
      body: undefined,
    };
  }
  const status = Number(outcome.slice('http:'.length));
  return {
    error: 'ApiError',
    status,
    statusText: STATUS_CODES[status] ?? '',
    isTimeout: false,
    body: fault.errorBody,
  };
}

function clientFor(mode: Mode, url: string, timeoutMs: number, clock: Clock) {
  return createApiClient({
    baseUrl: url,
    timeoutMs,
    clock,
    retryPolicy: mode === 'retry' || mode === 'both' ? RETRY : undefined,
    circuitBreaker: mode === 'breaker' || mode === 'both' ? BREAKER : undefined,
  });
}

describe.each(FAULT_CASES)('fault: $name', (fault) => {
  it.concurrent.each(MODES)('%s: every request settles as expected', async (mode) => {
    const server = await createFaultServer(FAULTS[fault.name]);
    const clock = createFakeClock({ autoAdvance: true });
    const api = clientFor(mode, server.url, fault.timeoutMs, clock);
    const settled: Settled[] = [];
    try {
      for (const step of fault.steps) {
        if (step === 'get') settled.push(await settle(api.get('/resource')));
        else if (step === 'stop') await server.stop();
        else if (step === 'start') await server.start();
        else await clock.advance(60_000);
      }
    } finally {
      await server.stop();
    }
    const want = fault.expect[mode];
    expect(settled).toEqual(want.outcomes.map((o) => expected(o, fault)));
    expect(server.seen.total).toBe(want.requests);
    expect(clock.sleeps).toEqual(want.sleeps);
  });

  it.concurrent.each(MODES)(
    '%s: a POST without Idempotency-Key reaches the server at most once',
    async (mode) => {
      const server = await createFaultServer(FAULTS[fault.name]);
      const away = fault.steps.includes('stop');
      if (away) await server.stop();
      const fake = createFakeClock({ autoAdvance: true });
      // Were the POST retried, the server would be back for the second attempt and count it.
      const clock: Clock = {
        now: fake.now,
        sleep: async (ms, signal) => {
          await server.start();
          return fake.sleep(ms, signal);
        },
      };
      const api = clientFor(mode, server.url, fault.timeoutMs, clock);
      let result: Settled;
      try {
        result = await settle(api.post('/resource', { title: 'once' }));
      } finally {
        await server.stop();
      }
      expect(result).toEqual(expected(fault.post, fault));
      expect(server.seen.byMethod['POST'] ?? 0).toBe(away ? 0 : 1);
      expect(fake.sleeps).toEqual([]);
    },
  );
});

/** Bytes of whatever a parseAs kind resolved to. */
async function bytesOf(value: unknown): Promise<Buffer> {
  if (value instanceof Blob) return Buffer.from(await value.arrayBuffer());
  if (value instanceof ReadableStream) return Buffer.from(await new Response(value).arrayBuffer());
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  return Buffer.from(value as Uint8Array);
}

const BINARY_KINDS: ParseAs[] = ['auto', 'blob', 'arrayBuffer', 'bytes', 'stream'];

describe('binary bodies under faults', () => {
  it.concurrent.each(MODES)('%s: a reset mid-body is a NetworkError for every parseAs', async (mode) => {
    const server = await createFaultServer(FAULTS['binary-reset-mid-body']);
    try {
      for (const kind of BINARY_KINDS) {
        const api = clientFor(mode, server.url, 2000, createFakeClock({ autoAdvance: true }));
        // A stream resolves at the headers: the break shows when it is read. With retry and the
        // breaker both on, the circuit opens on the second failure, before the third attempt.
        const read = api.get('/bin', { parseAs: kind }).then(bytesOf);
        const want = kind === 'stream' ? TypeError : mode === 'both' ? CircuitOpenError : NetworkError;
        await expect(read).rejects.toBeInstanceOf(want);
      }
    } finally {
      await server.stop();
    }
  });

  it.concurrent.each(MODES)('%s: a stalled binary body is a TimeoutError', async (mode) => {
    const server = await createFaultServer(FAULTS['binary-stalled']);
    try {
      for (const kind of ['auto', 'blob', 'bytes'] as const) {
        const api = clientFor(mode, server.url, 150, createFakeClock({ autoAdvance: true }));
        await expect(api.get('/bin', { parseAs: kind })).rejects.toBeInstanceOf(
          mode === 'both' ? CircuitOpenError : TimeoutError,
        );
      }
    } finally {
      await server.stop();
    }
  });

  it.concurrent.each(MODES)('%s: a trickled binary body arrives byte for byte', async (mode) => {
    const server = await createFaultServer(FAULTS['binary-trickle']);
    const api = clientFor(mode, server.url, 5000, createFakeClock({ autoAdvance: true }));
    try {
      expect((await bytesOf(await api.get('/bin'))).equals(BINARY)).toBe(true);
    } finally {
      await server.stop();
    }
  });
});

describe('progress under faults', () => {
  it.concurrent.each(MODES)(
    '%s: under a trickle it grows from 0 to the whole body, percent 1',
    async (mode) => {
      const server = await createFaultServer(FAULTS['binary-trickle']);
      const api = clientFor(mode, server.url, 5000, createFakeClock({ autoAdvance: true }));
      const events: Progress[] = [];
      try {
        await api.get('/bin', { parseAs: 'bytes', onDownloadProgress: (p) => events.push(p) });
      } finally {
        await server.stop();
      }
      expect(events[0]).toEqual({ transferredBytes: 0, totalBytes: BINARY.length, percent: 0 });
      expect(events.at(-1)).toEqual({
        transferredBytes: BINARY.length,
        totalBytes: BINARY.length,
        percent: 1,
      });
      expect(events.length).toBeGreaterThan(4);
      const sizes = events.map((p) => p.transferredBytes);
      expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    },
  );

  it.concurrent.each(MODES)('%s: a reset mid-body rejects and never reports percent 1', async (mode) => {
    const server = await createFaultServer(FAULTS['binary-reset-mid-body']);
    const api = clientFor(mode, server.url, 2000, createFakeClock({ autoAdvance: true }));
    const events: Progress[] = [];
    try {
      await expect(
        api.get('/bin', { parseAs: 'bytes', onDownloadProgress: (p) => events.push(p) }),
      ).rejects.toBeInstanceOf(mode === 'both' ? CircuitOpenError : NetworkError);
    } finally {
      await server.stop();
    }
    expect(events.some((p) => p.percent === 1)).toBe(false);
  });
});

describe('server-sent events under faults', () => {
  it.concurrent.each(MODES)(
    '%s: resets every second event, resumed by Last-Event-ID: none lost or repeated',
    async (mode) => {
      const server = await createFaultServer(FAULTS['sse-resets']);
      const clock = createFakeClock({ autoAdvance: true });
      const api = clientFor(mode, server.url, 2000, clock);
      const ids: Array<string | undefined> = [];
      try {
        for await (const event of api.sse('/events', { maxReconnects: 5 })) ids.push(event.id);
      } finally {
        await server.stop();
      }
      expect(ids).toEqual(['1', '2', '3', '4', '5', '6']);
    },
  );

  it.concurrent.each(MODES)(
    '%s: a server that resets before the headers ends in a NetworkError after maxReconnects',
    async (mode) => {
      const server = await createFaultServer(FAULTS['reset-before-headers']);
      const clock = createFakeClock({ autoAdvance: true });
      const api = clientFor(mode, server.url, 2000, clock);
      let caught: unknown;
      try {
        for await (const _event of api.sse('/events', { maxReconnects: 2 })) {
          // No event can arrive.
        }
      } catch (error) {
        caught = error;
      } finally {
        await server.stop();
      }
      // With the breaker, the circuit opens before the reconnections run out.
      expect(caught).toBeInstanceOf(ApiError);
      expect([0, 503]).toContain((caught as ApiError).status);
    },
  );
});
