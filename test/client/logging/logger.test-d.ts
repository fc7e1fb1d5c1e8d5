// Type-level tests of the logging, validation and pagination surface (checked by tsc through vitest).
import pino from 'pino';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  type ApiClient,
  type ApiClientConfig,
  createApiClient,
  createLogger,
  DEFAULT_REDACT_HEADER_KEYS,
  type Logger,
  type PaginatedResponse,
  type ResponsePromise,
  type ValidationIssue,
  type ValidationSchema,
} from '../../../src/index.js';

declare const api: ApiClient;

describe('logging types', () => {
  it('createLogger returns a Logger and checks its options', () => {
    expectTypeOf(createLogger({ namespace: 'api', level: 'debug' })).toEqualTypeOf<Logger>();
    expectTypeOf(createLogger()).toEqualTypeOf<Logger>();
    // @ts-expect-error: not a level
    createLogger({ level: 'verbose' });
    // @ts-expect-error: write takes a line
    createLogger({ write: (line: number) => line });
  });

  it('a pino logger and any object with the four (data, message) methods are accepted as `logger`', () => {
    const config: ApiClientConfig = { logger: pino({ level: 'debug' }) };
    expectTypeOf(config.logger).toEqualTypeOf<Logger | undefined>();
    createApiClient({ logger: { debug() {}, info() {}, warn() {}, error() {} } });
    // @ts-expect-error: `error` is missing
    createApiClient({ logger: { debug() {}, info() {}, warn() {} } });
  });

  it('DEFAULT_REDACT_HEADER_KEYS is read-only and spreads into redactHeaderKeys', () => {
    expectTypeOf(DEFAULT_REDACT_HEADER_KEYS).toEqualTypeOf<readonly string[]>();
    createApiClient({ redactHeaderKeys: [...DEFAULT_REDACT_HEADER_KEYS, 'x-session'] });
    // @ts-expect-error: read-only
    DEFAULT_REDACT_HEADER_KEYS.push('x');
  });
});

describe('validation and pagination types', () => {
  it('a simple schema keeps the caller type; a Standard Schema gives its output type', () => {
    expectTypeOf(
      api.get<{ id: number }>('/u', { validateResponse: { id: { type: 'number' } } }),
    ).toEqualTypeOf<ResponsePromise<{ id: number }>>();
    const schema = z.object({ id: z.string().transform(Number) });
    expectTypeOf(api.get('/u', { validateResponse: schema })).toEqualTypeOf<
      ResponsePromise<{ id: number }>
    >();
    // @ts-expect-error: not a field type
    const bad: ValidationSchema = { id: { type: 'int' } };
    void bad;
    expectTypeOf<ValidationIssue>().toEqualTypeOf<{
      readonly path: string;
      readonly expected: string;
      readonly received: string;
    }>();
  });

  it('getList resolves to PaginatedResponse<T>, paginate yields T, and sort.order is asc | desc', () => {
    expectTypeOf(api.getList<{ id: number }>('/u')).toEqualTypeOf<
      Promise<PaginatedResponse<{ id: number }>>
    >();
    expectTypeOf(api.paginate<{ id: number }>('/u', { maxPages: 3 })).toEqualTypeOf<
      AsyncIterableIterator<{ id: number }>
    >();
    // @ts-expect-error: order is asc or desc
    void api.getList('/u', { sort: { field: 'id', order: 'up' } });
  });
});
