/**
 * Public types of the typefetch client. This file is the contract between the client's modules:
 * every option a user can pass is declared here once, with its default.
 */
import type { ApiError } from './errors.js';

/** Language of built-in error messages. */
export type Locale = 'en' | 'es';

/** HTTP methods the client sends. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/** A method as `request()` takes it: upper or lower case (`'GET'`, `'get'`). */
export type MethodName = HttpMethod | Lowercase<HttpMethod>;

/**
 * A value of `searchParams` (and of `getList` filters). Strings, numbers and booleans are sent as
 * `String(value)`; an array repeats the key once per element; `undefined` and `null` are left out.
 */
export type QueryParam =
  | string
  | number
  | boolean
  | null
  | undefined
  | ReadonlyArray<string | number | boolean>;

/** A map of query parameters. */
export type SearchParams = Record<string, QueryParam>;

/**
 * What fetch accepts as a body, and as headers. Read off `RequestInit`, which both the DOM lib and
 * @types/node declare, rather than named `BodyInit` and `HeadersInit`, which only the DOM lib does: so a
 * Node project compiled without the DOM lib gets these types too (docs/client.md, "TypeScript").
 */
type FetchBody = NonNullable<RequestInit['body']>;
type FetchHeaders = NonNullable<RequestInit['headers']>;

/**
 * A request body. Plain objects and arrays are serialized to JSON with
 * `Content-Type: application/json` (unless you set a content type); everything fetch accepts
 * (FormData, Blob, ArrayBuffer, typed arrays, URLSearchParams, strings, streams) is sent as it is.
 */
export type RequestBody = FetchBody | Record<string, unknown> | readonly unknown[] | null;

/** Data attached to one log line. */
export type LogData = Record<string, unknown>;

/**
 * A logger. Methods take `(data, message)`, the order pino uses, so a pino logger can be passed
 * as it is. `console` works too.
 */
export interface Logger {
  debug(data: LogData, message: string): void;
  info(data: LogData, message: string): void;
  warn(data: LogData, message: string): void;
  error(data: LogData, message: string): void;
}

/** Types the simple validation schema knows. */
export type FieldType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';

/** One rule of the simple validation schema. */
export interface FieldRule {
  /** Expected JSON type of the field. Omitted: any type. */
  type?: FieldType | undefined;
  /** Whether the field must be present (and not `undefined`). @default false */
  required?: boolean | undefined;
}

/**
 * The simple validation schema: response field name -> rule.
 * @example { id: { type: 'number', required: true }, email: { type: 'string' } }
 */
export type ValidationSchema = Record<string, FieldRule>;

/** The Standard Schema interface (https://standardschema.dev), implemented by zod, valibot, arktype. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (
      value: unknown,
    ) => StandardSchemaV1.Result<Output> | Promise<StandardSchemaV1.Result<Output>>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

export declare namespace StandardSchemaV1 {
  type Result<Output> = SuccessResult<Output> | FailureResult;
  interface SuccessResult<Output> {
    readonly value: Output;
    readonly issues?: undefined;
  }
  interface FailureResult {
    readonly issues: ReadonlyArray<Issue>;
  }
  interface Issue {
    readonly message: string;
    readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
  }
}

/** One failing field found by `validateResponse`. */
export interface ValidationIssue {
  /** Where: `email`, `[2].email` for the third element of an array response. */
  readonly path: string;
  /** What was expected: `string`, `present`, or the schema library's message. */
  readonly expected: string;
  /** What was found: a JSON type name, or `missing`. */
  readonly received: string;
}

/**
 * How a 2xx body is read. `'auto'`: JSON for `application/json` and `*+json`; a string for `text/*` and
 * the textual types (`application/xml`, `*+xml`, `application/javascript`,
 * `application/x-www-form-urlencoded`) in the charset the response declares; a Blob for any other type
 * or none; `undefined` for 204, 205, HEAD and an empty body.
 */
export type ParseAs = 'auto' | 'json' | 'text' | 'blob' | 'arrayBuffer' | 'bytes' | 'stream';

/** What each `parseAs` other than `'auto'` and `'json'` resolves to. */
export interface ParsedBody {
  text: string;
  blob: Blob;
  arrayBuffer: ArrayBuffer;
  bytes: Uint8Array;
  stream: ReadableStream<Uint8Array>;
}

/**
 * What every method but `getList` and `paginate` returns: the promise of the data, with two more ways
 * to get the response. Using either, or neither, never leaves an unhandled rejection of the other.
 */
export interface ResponsePromise<T> extends Promise<T> {
  /** The data and the Response it came from (status, headers, url), its body already read. */
  withResponse(): Promise<{ data: T; response: Response }>;
  /**
   * The Response with its body unread. Errors, retries, the breaker and interceptors apply as usual (a
   * non-2xx still rejects with ApiError); `validateResponse` does not. Call it before the response
   * arrives (on the promise the method returned).
   */
  asResponse(): Promise<Response>;
}

/** Progress of a transfer, as `onDownloadProgress` and `onUploadProgress` get it. */
export interface Progress {
  readonly transferredBytes: number;
  /** `undefined` while the size is unknown (no Content-Length, a stream body). */
  readonly totalBytes: number | undefined;
  /** From 0 to 1; `undefined` while the size is unknown. */
  readonly percent: number | undefined;
}

/** One server-sent event, as `client.sse()` yields it. */
export interface SseEvent<T = string> {
  /** The event's type: its `event:` field, `'message'` when it has none. */
  readonly event: string;
  /** Its `data:` lines joined with `\n`; parsed JSON with `parseJson: true`. */
  readonly data: T;
  /** The last `id:` the stream set, if any. */
  readonly id: string | undefined;
  /** The `retry:` (ms) of the event's block, if it had one. */
  readonly retry: number | undefined;
}

/**
 * Options of `client.sse()`: every request option, and these. `validateResponse` checks each event's
 * `data` (after `parseJson`); an event that fails ends the iteration with ValidationError.
 */
export interface SseOptions<T = string> extends Omit<RequestOptions<T>, 'parseAs' | 'body'> {
  /** `data` as `JSON.parse` gives it, instead of the string. @default false */
  parseJson?: boolean | undefined;
  /** Reconnections after a dropped connection before the iteration ends. @default Infinity */
  maxReconnects?: number | undefined;
}

/**
 * Fetch's own options but `body` and `method`, each taking `undefined` too (as every option of the client
 * does), so that `{ signal }` with a signal that may be undefined compiles under
 * `exactOptionalPropertyTypes` (docs/client.md, "TypeScript").
 */
type FetchOptions = { [K in Exclude<keyof RequestInit, 'body' | 'method'>]?: RequestInit[K] | undefined };

/** Options of one request. Extends fetch's own options (`headers`, `signal`, `cache`, ...). */
export interface RequestOptions<T = unknown> extends FetchOptions {
  /**
   * Query parameters appended to the URL (after any query the path already has).
   * @example { q: 'shoes', page: 2, tag: ['a', 'b'] } // ?q=shoes&page=2&tag=a&tag=b
   */
  searchParams?: SearchParams | undefined;
  /**
   * Values for the path's `{name}` placeholders, each percent-encoded (`a/b` -> `a%2Fb`); a missing or
   * unknown name is a TypeError. Without `params` the path is sent as it is.
   * @example api.get('/users/{id}', { params: { id: 1 } }) // GET /users/1
   */
  params?: Readonly<Record<string, string | number>> | undefined;
  /** The request body; plain objects and arrays are sent as JSON. */
  body?: RequestBody | undefined;
  /** Language of this request's error message. @default the client's `locale` */
  errorLocale?: Locale | undefined;
  /** Timeout of each attempt in ms, covering the response body too. @default the client's `timeoutMs` */
  timeoutMs?: number | undefined;
  /**
   * A deadline for the whole call in ms: every attempt and every retry wait included. When it passes,
   * the call rejects with a TimeoutError saying so. @default the client's `totalTimeoutMs`
   */
  totalTimeoutMs?: number | undefined;
  /**
   * Validate the response: a simple schema, or any Standard Schema (zod, valibot, arktype), whose
   * output is then what the call returns. A failure throws `ValidationError`.
   */
  validateResponse?:
    | ValidationSchema
    | StandardSchemaV1<unknown, T>
    // So an options object typed `RequestOptions` (T unknown) passes to `get<User>(path, options)`.
    | StandardSchemaV1<unknown, unknown>
    | undefined;
  /** How a 2xx body is read (see ParseAs). @default 'auto' */
  parseAs?: ParseAs | undefined;
  /** Called as the response body arrives: 0 bytes first, `percent: 1` at the end. @default none */
  onDownloadProgress?: ((progress: Progress) => void) | undefined;
  /**
   * Called as the request body is sent: 0 bytes first, `percent: 1` at the end. Where the runtime cannot
   * stream a request body (browsers over HTTP/1.1), only the start and the end. @default none
   */
  onUploadProgress?: ((progress: Progress) => void) | undefined;
  /** Send once, ignoring the client's `retryPolicy`. @default false */
  skipRetry?: boolean | undefined;
  /** Do not run the client's interceptors for this request. @default false */
  skipInterceptors?: boolean | undefined;
  /** Log request headers (redacted) for this request. @default the client's `logHeaders` */
  logHeaders?: boolean | undefined;
}

/** Retry policy. Retry is off unless `retryPolicy` is given. */
export interface RetryConfig {
  /** Retries after the first attempt. @default 2 */
  maxRetries?: number | undefined;
  /** Delay before the first retry, in ms. @default 300 */
  initialDelayMs?: number | undefined;
  /** Upper bound of any delay, in ms. A `Retry-After` above it means no retry. @default 10000 */
  maxDelayMs?: number | undefined;
  /** Growth factor of the delay. @default 2 */
  factor?: number | undefined;
  /** Randomize each delay ("full jitter": uniform in [0, delay]). @default false */
  jitter?: boolean | undefined;
  /**
   * Decides alone whether a failed attempt is retried. `attempt` is the 1-based number of the
   * attempt that failed. @default network errors, timeouts, 408/429/500/502/503/504 on idempotent
   * methods (or any method with an `Idempotency-Key` header)
   */
  shouldRetry?: ((error: ApiError, attempt: number) => boolean | Promise<boolean>) | undefined;
}

/** States of the circuit breaker. */
export type CircuitState = 'closed' | 'open' | 'half-open';

/** Circuit breaker. Off unless `circuitBreaker` is given. */
export interface CircuitBreakerConfig {
  /** Consecutive failures that open the circuit. @default 5 */
  threshold?: number | undefined;
  /** How long the circuit stays open, in ms. @default 30000 (the larger of the two when both are set) */
  timeout?: number | undefined;
  /** Alias of `timeout`: after it the breaker lets one probe through. */
  resetTimeout?: number | undefined;
  /** Called on every state change. */
  onStateChange?: ((state: CircuitState, previous: CircuitState) => void) | undefined;
}

/**
 * The init a request interceptor receives: fetch's RequestInit with the method, and the merged headers
 * as a plain object with lower-case names, so `{ ...init.headers, authorization: 'Bearer x' }` works.
 */
export interface InterceptedRequestInit extends RequestInit {
  method: string;
  headers: Record<string, string>;
}

/**
 * A request interceptor: runs before every attempt (retries included); returns the URL and init to send.
 * @example async (url, init) => [url, { ...init, headers: { ...init.headers, authorization: `Bearer ${await token()}` } }]
 */
export type RequestInterceptor = (
  url: string,
  init: InterceptedRequestInit,
) => [string, RequestInit] | Promise<[string, RequestInit]>;

/** A response interceptor: runs on every response, error statuses included, before it is judged. */
export type ResponseInterceptor = (response: Response) => Response | Promise<Response>;

/**
 * Request and response interceptors, each one function or an array of functions run in array order
 * (a request interceptor gets the previous one's `[url, init]`, a response interceptor the previous
 * one's Response). Both may be async.
 */
export interface ApiClientInterceptors {
  request?: RequestInterceptor | readonly RequestInterceptor[] | undefined;
  response?: ResponseInterceptor | readonly ResponseInterceptor[] | undefined;
}

/** A clock, injectable for tests. */
export interface Clock {
  /** Epoch milliseconds, like `Date.now()` (`Retry-After` dates are measured against it). */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when it aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Pagination options of `getList` and `paginate`. */
export interface ListOptions<T = unknown> extends RequestOptions<T[]> {
  /** @default { page: 1, limit: 20 } */
  pagination?: { page: number; limit: number } | undefined;
  sort?: { field: string; order: 'asc' | 'desc' } | undefined;
  /** Each filter becomes a query parameter; arrays repeat the key. */
  filters?: SearchParams | undefined;
}

/** What `getList` resolves to. */
export interface PaginatedResponse<T> {
  data: T[];
  pagination: {
    page: number;
    limit: number;
    total: number;
    totalPages: number;
    hasNextPage: boolean;
    hasPreviousPage: boolean;
  };
}

/** A list request as the mapping sees it. */
export interface ListQuery {
  page: number;
  limit: number;
  sort?: { field: string; order: 'asc' | 'desc' } | undefined;
  filters?: SearchParams | undefined;
}

/** How `getList` maps onto an API. Both halves can be replaced. */
export interface PaginationMapping {
  /** ListQuery -> query parameters. @default page, limit, sort, order, and each filter */
  request?: ((query: ListQuery) => SearchParams) | undefined;
  /**
   * Response -> items and total. @default accepts `{ data, pagination }`,
   * `{ data | items | results, total | totalCount | count }`, an array with `X-Total-Count`, a bare array
   */
  response?:
    | ((
        body: unknown,
        response: Response,
        query: ListQuery,
      ) => { data: unknown[]; total?: number | undefined })
    | undefined;
}

/**
 * The transport the client calls for each attempt, with the full URL as a string and the init: fetch
 * itself, or any function of those two to a Response (a test double, a wrapper). Not `typeof fetch`,
 * which a plain function does not satisfy (its input is typed `RequestInfo | URL`; Bun's fetch has a
 * `preconnect` member too).
 */
export type FetchImpl = (url: string, init: RequestInit) => Promise<Response>;

/** Configuration of `createApiClient`. */
export interface ApiClientConfig {
  /** Base address of every request; a path is joined to it, keeping its own path. */
  baseUrl?: string | undefined;
  /** Alias of `baseUrl`. */
  baseURL?: string | undefined;
  /** Let a path be an absolute URL of another origin than the base. @default false */
  allowAbsoluteUrls?: boolean | undefined;
  /** Headers sent with every request; a request's own headers win, by case-insensitive name. */
  defaultHeaders?: FetchHeaders | undefined;
  /** The transport. @default globalThis.fetch, looked up on each call */
  fetchImpl?: FetchImpl | undefined;
  /** Language of error messages. @default 'en' */
  locale?: Locale | undefined;
  /** Overrides of built-in messages, by locale and status; both levels may be partial. */
  errorMessages?: Partial<Record<Locale, Partial<Record<number, string>>>> | undefined;
  /** Timeout of each attempt in ms. @default 15000 */
  timeoutMs?: number | undefined;
  /** A deadline for a whole call (attempts and retry waits), in ms. @default none */
  totalTimeoutMs?: number | undefined;
  /** Request and response interceptors. */
  interceptors?: ApiClientInterceptors | undefined;
  /** Turn interceptors off for this client. @default false */
  disableInterceptors?: boolean | undefined;
  /** Log request headers (redacted). @default false */
  logHeaders?: boolean | undefined;
  /** Header names whose values are logged as `[REDACTED]`; replaces the default list. @default DEFAULT_REDACT_HEADER_KEYS */
  redactHeaderKeys?: readonly string[] | undefined;
  /** Where request/response lines go. @default none: nothing is logged */
  logger?: Logger | undefined;
  /** Retry policy. @default none: no retry */
  retryPolicy?: RetryConfig | undefined;
  /**
   * Circuit breaker. @default none. A client made by `extend` without its own `circuitBreaker` shares
   * its parent's breaker.
   */
  circuitBreaker?: CircuitBreakerConfig | undefined;
  /**
   * GET requests in flight at the same time with the same URL and headers share one request; each
   * caller gets its own copy of the data, and a caller's abort detaches only that caller. @default false
   */
  dedupe?: boolean | undefined;
  /** How `getList` maps onto the API. */
  pagination?: PaginationMapping | undefined;
  /** Clock for retry waits and the breaker; for tests. @default the real clock */
  clock?: Clock | undefined;
}
