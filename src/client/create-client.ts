import { isPlainObject } from './body.js';
import { bodyCallOptions } from './body-arguments.js';
import type { Call } from './call.js';
import type { ApiClientFor } from './endpoint-map.js';
import { mergeClientConfig } from './extend.js';
import { type ResolvedClientConfig, resolveClientConfig } from './options.js';
import {
  assertListQuery,
  assertPageNumbers,
  LIST_DEFAULTS,
  mappedPage,
  paginateItems,
} from './pagination.js';
import { composePipeline } from './pipeline.js';
import { prepareCall } from './prepare.js';
import { discardBody } from './response.js';
import { responsePromise } from './response-promise.js';
import { serverSentEvents } from './sse/events.js';
import type {
  ApiClientConfig,
  CircuitState,
  HttpMethod,
  ListOptions,
  ListQuery,
  MethodName,
  PaginatedResponse,
  ParsedBody,
  RequestBody,
  RequestOptions,
  ResponsePromise,
  SearchParams,
  SseEvent,
  SseOptions,
} from './types.js';
import { baseQuery, searchParamsError } from './url.js';

/** The options of a request that reads its body as `parseAs` says (other than 'auto' and 'json'). */
type ParsedOptions<K extends keyof ParsedBody> = RequestOptions & { parseAs: K };
/** The options of a request whose data is `T` (`parseAs` 'auto' or 'json', or not known here). */
type DataOptions<T> = RequestOptions<T>;
/** The options of `get`: a GET has no body (one given is a TypeError, docs/client.md, "RequestOptions"). */
type NoBody<O> = Omit<O, 'body'>;

/**
 * The client `createApiClient` returns. Every method but getList and paginate returns a
 * ResponsePromise: the data, typed by the generic parameter or by `parseAs` (`'text'` -> string,
 * `'blob'` -> Blob, `'arrayBuffer'`, `'bytes'` -> Uint8Array, `'stream'` -> ReadableStream).
 */
export interface ApiClient {
  get<K extends keyof ParsedBody>(
    path: string,
    options: NoBody<ParsedOptions<K>>,
  ): ResponsePromise<ParsedBody[K]>;
  get<T = unknown>(path: string, options?: NoBody<DataOptions<T>>): ResponsePromise<T>;
  post<K extends keyof ParsedBody>(
    path: string,
    body: RequestBody | undefined,
    options: ParsedOptions<K>,
  ): ResponsePromise<ParsedBody[K]>;
  post<K extends keyof ParsedBody>(
    path: string,
    options: ParsedOptions<K> & { body: RequestBody | undefined },
  ): ResponsePromise<ParsedBody[K]>;
  post<T = unknown>(
    path: string,
    bodyOrOptions?: RequestBody | DataOptions<T>,
    options?: DataOptions<T>,
  ): ResponsePromise<T>;
  put<K extends keyof ParsedBody>(
    path: string,
    body: RequestBody | undefined,
    options: ParsedOptions<K>,
  ): ResponsePromise<ParsedBody[K]>;
  put<K extends keyof ParsedBody>(
    path: string,
    options: ParsedOptions<K> & { body: RequestBody | undefined },
  ): ResponsePromise<ParsedBody[K]>;
  put<T = unknown>(
    path: string,
    bodyOrOptions?: RequestBody | DataOptions<T>,
    options?: DataOptions<T>,
  ): ResponsePromise<T>;
  patch<K extends keyof ParsedBody>(
    path: string,
    body: RequestBody | undefined,
    options: ParsedOptions<K>,
  ): ResponsePromise<ParsedBody[K]>;
  patch<K extends keyof ParsedBody>(
    path: string,
    options: ParsedOptions<K> & { body: RequestBody | undefined },
  ): ResponsePromise<ParsedBody[K]>;
  patch<T = unknown>(
    path: string,
    bodyOrOptions?: RequestBody | DataOptions<T>,
    options?: DataOptions<T>,
  ): ResponsePromise<T>;
  delete<K extends keyof ParsedBody>(path: string, options: ParsedOptions<K>): ResponsePromise<ParsedBody[K]>;
  delete<T = unknown>(path: string, options?: DataOptions<T>): ResponsePromise<T>;
  /** Any method. */
  request<K extends keyof ParsedBody>(
    method: MethodName,
    path: string,
    options: ParsedOptions<K>,
  ): ResponsePromise<ParsedBody[K]>;
  request<T = unknown>(method: MethodName, path: string, options?: DataOptions<T>): ResponsePromise<T>;
  /** One page of a list, mapped by the client's pagination mapping. */
  getList<T = unknown>(path: string, options?: ListOptions<T>): Promise<PaginatedResponse<T>>;
  /** Every item of every page, fetched page by page; stops at the last page or after `maxPages`. */
  paginate<T = unknown>(
    path: string,
    options?: ListOptions<T> & { maxPages?: number | undefined },
  ): AsyncIterableIterator<T>;
  /**
   * Server-sent events from `path`, as an async iterable: reconnects after a dropped connection
   * (after the stream's `retry`, default 3000 ms) sending `Last-Event-ID`; a 204 ends it, a non-2xx
   * rejects with ApiError; `break` or the caller's abort closes the connection. `data` is a string, or
   * with `parseJson: true` what JSON.parse gives (`unknown` without a type argument or a schema).
   * @example for await (const { event, data } of api.sse('/events')) console.log(event, data);
   */
  sse<T = unknown>(
    path: string,
    options: SseOptions<T> & { parseJson: true },
  ): AsyncIterableIterator<SseEvent<T>>;
  sse<T = string>(path: string, options?: SseOptions<T>): AsyncIterableIterator<SseEvent<T>>;
  /** The circuit breaker's state; `closed` when there is no breaker. */
  readonly circuitState: CircuitState;
  /**
   * A new client: this one's config with `config` merged in (headers by name, interceptors appended,
   * error messages per locale and status, any other field replaced). It shares this client's circuit
   * breaker unless `config` has its own `circuitBreaker`. This client is left as it is.
   * @example const admin = api.extend({ defaultHeaders: { authorization: `Bearer ${adminToken}` } });
   */
  extend(config: ApiClientConfig): ApiClient;
}

/**
 * Creates a typed HTTP client. The config is validated and resolved once, here: a bad value throws a
 * TypeError or RangeError naming the option and the value.
 *
 * @example
 * const api = createApiClient({ baseUrl: 'https://api.example.com/v1', timeoutMs: 5000 });
 * const user = await api.get<User>('/users/1');
 *
 * With an endpoint map (the `Api` interface typefetch writes from recorded traffic, docs/traffic.md),
 * calls are typed by path, with no generic:
 * @example
 * const api = createApiClient<Api>({ baseUrl: 'https://api.example.com' });
 * const user = await api.get('/users/{id}', { params: { id: 1 } }); // User
 */
export function createApiClient<A = never>(config: ApiClientConfig = {}): ApiClientFor<A> {
  const client = resolveClientConfig(config);
  // Kept for extend() as it was at this call: a headers object changed later changes neither client.
  const kept = { ...config, defaultHeaders: client.defaultHeaders as [string, string][] };
  return buildClient(client, kept) as ApiClientFor<A>;
}

/** The client of a resolved config; `config` is kept as given, for `extend`. */
function buildClient(client: ResolvedClientConfig, config: ApiClientConfig): ApiClient {
  const send = composePipeline(client);
  const { breaker } = client;

  // Every method returns a promise, so bad input (thrown while preparing) is a rejection, never a
  // synchronous throw. Plain functions returning the pipeline's promise, not async wrappers around it:
  // each async layer costs a promise and a suspended frame per request in flight.
  /**
   * Prepares and sends a call. Its trace (its log) hears the error the call ends with (retry reported
   * the earlier ones).
   */
  const request = (method: HttpMethod, path: string, options?: RequestOptions<unknown>) => {
    let call: Call;
    try {
      call = prepareCall(client, method, path, options ?? {});
    } catch (error) {
      return responsePromise(Promise.reject(error), undefined, undefined);
    }
    const reply = call.signal?.aborted ? Promise.reject(call.signal.reason) : send(call);
    return responsePromise(reply, call.state, call.state.trace);
  };

  /** post/put/patch: a body given twice is a rejection too. */
  const withBody = (
    method: HttpMethod,
    path: string,
    bodyOrOptions: RequestBody | RequestOptions<unknown> | undefined,
    options: RequestOptions<unknown> | undefined,
  ) => {
    let merged: RequestOptions<unknown>;
    try {
      merged = bodyCallOptions(method, bodyOrOptions, options);
    } catch (error) {
      return responsePromise(Promise.reject(error), undefined, undefined);
    }
    return request(method, path, merged);
  };

  const listPage = async <T>(
    path: string,
    query: ListQuery,
    options: RequestOptions<T[]>,
  ): Promise<PaginatedResponse<T>> => {
    const own = options.searchParams;
    const params = client.pagination.request(query);
    // A spread would turn a URLSearchParams or a Map into no parameters at all, silently.
    if (own !== undefined && !isPlainObject(own)) throw searchParamsError(own);
    if (!isPlainObject(params)) throw searchParamsError(params, 'pagination.request(query) result');
    // A parameter given twice would be replaced silently (searchParams) or sent twice (the path's query).
    const pathQuery = new URLSearchParams(path.split('?')[1]);
    // The base's query goes first: a server reading the first `page=` would get the base's one.
    const fromBase = baseQuery(client.baseUrl, path);
    const searchParams: SearchParams = { ...own };
    for (const name in params) {
      // Left out (null, undefined): neither a collision nor a value that replaces searchParams' one.
      if (params[name] == null) continue;
      // Own keys only: `constructor` is on every object's prototype, yet a fine filter name.
      if ((own && Object.hasOwn(own, name) && own[name] != null) || pathQuery.has(name)) {
        throw new TypeError(
          `getList: query parameter "${name}" of pagination/sort/filters is also in searchParams or the path; give it once`,
        );
      }
      if (fromBase?.has(name)) {
        throw new TypeError(
          `getList: query parameter "${name}" of pagination/sort/filters is also in the query of baseUrl; give it once`,
        );
      }
      searchParams[name] = params[name];
    }
    const { data, response } = await request('GET', path, {
      ...options,
      searchParams,
    } as RequestOptions<unknown>).withResponse();
    try {
      return mappedPage<T>(client.pagination.response(data, response, query), query);
    } finally {
      // A body the mapping left unread (parseAs 'stream') would hold the connection open.
      discardBody(response);
    }
  };

  const client_: ApiClient = {
    get: (path: string, options?: RequestOptions<unknown>) => request('GET', path, options),
    post: (path: string, body?: RequestBody | RequestOptions<unknown>, options?: RequestOptions<unknown>) =>
      withBody('POST', path, body, options),
    put: (path: string, body?: RequestBody | RequestOptions<unknown>, options?: RequestOptions<unknown>) =>
      withBody('PUT', path, body, options),
    patch: (path: string, body?: RequestBody | RequestOptions<unknown>, options?: RequestOptions<unknown>) =>
      withBody('PATCH', path, body, options),
    delete: (path: string, options?: RequestOptions<unknown>) => request('DELETE', path, options),
    request,
    async getList(path, options) {
      // null, like undefined, is no options (as for get).
      const { query, rest } = splitListOptions(options ?? {});
      return listPage(path, query, rest);
    },
    async *paginate(path, options) {
      // No page cap by default: the walk ends at the last page (or an empty one) anyway.
      const { maxPages = LIST_DEFAULTS.maxPages, ...listOptions } = options ?? {};
      const { query, rest } = splitListOptions(listOptions);
      yield* paginateItems((page) => listPage(path, page, rest), query, maxPages, rest.signal);
    },
    sse: <T>(path: string, options: SseOptions<T> = {}) =>
      serverSentEvents<T>(
        (connect) => request('GET', path, connect) as ResponsePromise<ReadableStream<Uint8Array>>,
        client,
        options,
      ),
    get circuitState() {
      return breaker?.state ?? 'closed';
    },
    extend(added) {
      const merged = mergeClientConfig(config, added);
      // Without a breaker of its own, the derived client talks to the same upstream: same breaker.
      const own = (added as ApiClientConfig | undefined)?.circuitBreaker !== undefined;
      return buildClient(resolveClientConfig(merged, own ? undefined : breaker), merged);
    },
  };
  return client_;
}

/** Splits ListOptions into the list query (validated) and the remaining request options. */
function splitListOptions<T>(options: ListOptions<T>): { query: ListQuery; rest: RequestOptions<T[]> } {
  // null, like undefined, is "not given" (as for filters).
  const { pagination: given, sort, filters, ...rest } = options;
  const pagination = given ?? LIST_DEFAULTS.pagination;
  assertPageNumbers('', pagination);
  if (sort != null && sort.order !== 'asc' && sort.order !== 'desc') {
    throw new RangeError(`sort.order must be 'asc' or 'desc', got ${JSON.stringify(sort.order)}`);
  }
  const query: ListQuery = { page: pagination.page, limit: pagination.limit };
  if (sort != null) query.sort = sort;
  if (filters !== undefined) query.filters = filters;
  // Here, not only in the default mapping: a custom one must not send a bad sort.field either.
  assertListQuery(query);
  return { query, rest };
}
