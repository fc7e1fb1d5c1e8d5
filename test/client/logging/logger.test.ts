import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../src/client/logging/logger.js';

function capture(options: Parameters<typeof createLogger>[0] = {}) {
  const lines: string[] = [];
  const logger = createLogger({ ...options, write: (line) => lines.push(line) });
  return { lines, logger };
}

describe('createLogger', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('writes "[namespace] LEVEL message {json}" lines', () => {
    const { lines, logger } = capture({ namespace: 'api', level: 'debug' });
    logger.debug({ method: 'GET', url: 'http://h/x' }, 'request');
    logger.info({ n: 1 }, 'hello');
    logger.warn({ status: 500, durationMs: 12 }, 'request failed');
    logger.error({ ok: false }, 'boom');
    expect(lines).toEqual([
      '[api] DEBUG request {"method":"GET","url":"http://h/x"}',
      '[api] INFO hello {"n":1}',
      '[api] WARN request failed {"status":500,"durationMs":12}',
      '[api] ERROR boom {"ok":false}',
    ]);
  });

  it('defaults to namespace "typefetch" and level "info" (debug dropped)', () => {
    const { lines, logger } = capture();
    logger.debug({ a: 1 }, 'hidden');
    logger.info({ a: 2 }, 'shown');
    expect(lines).toEqual(['[typefetch] INFO shown {"a":2}']);
  });

  it('drops lines below the level', () => {
    const { lines, logger } = capture({ level: 'warn' });
    logger.debug({}, 'd');
    logger.info({}, 'i');
    logger.warn({}, 'w');
    logger.error({}, 'e');
    expect(lines).toEqual(['[typefetch] WARN w', '[typefetch] ERROR e']);
  });

  it('drops every line at level "silent"', () => {
    const { lines, logger } = capture({ level: 'silent' });
    logger.error({ a: 1 }, 'e');
    logger.warn({ a: 1 }, 'w');
    expect(lines).toEqual([]);
  });

  it('leaves the JSON out for empty data and the prefix out for an empty namespace', () => {
    const { lines, logger } = capture({ namespace: '' });
    logger.info({}, 'plain');
    expect(lines).toEqual(['INFO plain']);
  });

  it('accepts pino\'s one-argument form logger.info("message")', () => {
    const { lines, logger } = capture();
    (logger.info as unknown as (message: string) => void)('only text');
    expect(lines).toEqual(['[typefetch] INFO only text']);
  });

  it('writes to console.error by default (stderr), looked up at call time', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    createLogger({ namespace: 'x' }).warn({ status: 503 }, 'retrying');
    expect(spy.mock.calls).toEqual([['[x] WARN retrying {"status":503}']]);
  });

  it('keeps one call on one line: line breaks in the message are escaped, data is JSON', () => {
    const { lines, logger } = capture();
    logger.info({ text: 'a\nb' }, 'first\nINFO forged\r\nline');
    expect(lines).toEqual(['[typefetch] INFO first\\nINFO forged\\nline {"text":"a\\nb"}']);
  });

  it('serializes Errors, bigints and circular references without throwing', () => {
    const { lines, logger } = capture();
    const loop: Record<string, unknown> = { id: 1 };
    loop['self'] = loop;
    logger.error({ error: new TypeError('bad'), big: 10n, loop }, 'odd data');
    expect(lines).toEqual([
      '[typefetch] ERROR odd data {"error":{"name":"TypeError","message":"bad"},"big":"10","loop":{"id":1,"self":"[Circular]"}}',
    ]);
  });

  it('methods work detached from the logger (no `this`)', () => {
    const { lines, logger } = capture();
    const { warn } = logger;
    warn({ a: 1 }, 'detached');
    expect(lines).toEqual(['[typefetch] WARN detached {"a":1}']);
  });

  it('rejects a bad level, namespace or write with a one-line error naming the option', () => {
    expect(() => createLogger({ level: 'verbose' as never })).toThrow(
      new RangeError('createLogger: level must be one of debug, info, warn, error, silent, got "verbose"'),
    );
    expect(() => createLogger({ namespace: 42 as never })).toThrow(
      new TypeError('createLogger: namespace must be a string, got 42'),
    );
    expect(() => createLogger({ write: 'stderr' as never })).toThrow(
      new TypeError('createLogger: write must be a function, got string'),
    );
  });

  it('rejects an unknown option key with a one-line TypeError naming it; an undefined one passes', () => {
    expect(() => createLogger({ namespace: 'api', levl: 'debug' } as never)).toThrow(
      new TypeError('createLogger: levl is not a logger option (misspelt?)'),
    );
    expect(() => createLogger({ redactHeaderKey: ['x-token'] } as never)).toThrow(
      new TypeError('createLogger: redactHeaderKey is not a logger option (misspelt?)'),
    );
    // Options of createApiClient given to the logger, whose lines it only writes.
    expect(() => createLogger({ redactHeaderKeys: ['x-token'] } as never)).toThrow(
      new TypeError('createLogger: redactHeaderKeys is not a logger option (it is one of createApiClient)'),
    );
    expect(() => createLogger({ logHeaders: true } as never)).toThrow(
      new TypeError('createLogger: logHeaders is not a logger option (it is one of createApiClient)'),
    );
    expect(() => createLogger({ level: 'debug', extra: undefined } as never)).not.toThrow();
  });
});
