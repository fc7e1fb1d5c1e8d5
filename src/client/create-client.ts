import { bodyCallOptions } from './body-arguments.js';
import type { Call, Reply } from './call.js';
import { ApiError } from './errors.js';
import { mergeClientConfig } from './extend.js';
import { type ResolvedClientConfig, resolveClientConfig } from './options.js';
import { paginateItems, toPaginatedResponse } from './pagination.js';
import { composePipeline } from './pipeline.js';
import { prepareCall } from './prepare.js';
import type {
  ApiClientConfig,
  CircuitState,
  HttpMethod,
  ListOptions,
  ListQuery,
  PaginatedResponse,
  RequestBody,
  RequestOptions,
} from './types.js';

/** The client `createApiClient` returns. */
export interface ApiClient {
  get<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T = unknown>(
    path: string,
    bodyOrOptions?: RequestBody | RequestOptions<T>,
    options?: RequestOptions<T>,
  ): Promise<T>;
  put<T = unknown>(
    path: string,
    bodyOrOptions?: RequestBody | RequestOptions<T>,
    options?: RequestOptions<T>,
  ): Promise<T>;
  patch<T = unknown>(
    path: string,
    bodyOrOptions?: RequestBody | RequestOptions<T>,
    options?: RequestOptions<T>,
  ): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  /** Any method. */
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions<T>): Promise<T>;
  /** One page of a list, mapped by the client's pagination mapping. */
  getList<T = unknown>(path: string, options?: ListOptions<T>): Promise<PaginatedResponse<T>>;
  /** Every item of every page, fetched page by page; stops at the last page or after `maxPages`. */
  paginate<T = unknown>(
    path: string,
    options?: ListOptions<T> & { maxPages?: number | undefined },
  ): AsyncIterableIterator<T>;
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
 */
export function createApiClient(config: ApiClientConfig = {}): ApiClient {
  return buildClient(resolveClientConfig(config), { ...config });
}

/** The client of a resolved config; `config` is kept as given, for `extend`. */
function buildClient(client: ResolvedClientConfig, config: ApiClientConfig): ApiClient {
  const send = composePipeline(client);
  const { breaker } = client;

  // Every method returns a promise, so bad input (thrown while preparing) is a rejection, never a
  // synchronous throw. Plain functions returning the pipeline's promise, not async wrappers around it:
  // each async layer costs a promise and a suspended frame per request in flight.
  const run = <R>(
    method: HttpMethod,
    path: string,
    options: RequestOptions<unknown> | undefined,
    onEnd: (reply: Reply) => R,
  ): Promise<R> => {
    let call: Call;
    try {
      call = prepareCall(client, method, path, options ?? {});
    } catch (error) {
      return Promise.reject(error);
    }
    if (call.signal?.aborted) return Promise.reject(call.signal.reason);
    const reply = send(call);
    const { trace } = call.state;
    if (trace === undefined) return reply.then(onEnd);
    // The call's trace (its log) hears the error the call ends with (retry reported the earlier ones).
    return reply.then(onEnd, (error: unknown) => {
      if (error instanceof ApiError) trace.failure(error);
      throw error;
    });
  };

  const request = <T>(method: HttpMethod, path: string, options?: RequestOptions<T>): Promise<T> =>
    run(method, path, options as RequestOptions<unknown> | undefined, dataOf) as Promise<T>;

  const listPage = async <T>(
    path: string,
    query: ListQuery,
    options: RequestOptions<T[]>,
  ): Promise<PaginatedResponse<T>> => {
    const searchParams = { ...options.searchParams, ...client.pagination.request(query) };
    const { data, response } = await run(
      'GET',
      path,
      { ...options, searchParams } as RequestOptions<unknown>,
      replyOf,
    );
    const mapped = client.pagination.response(data, response, query);
    return toPaginatedResponse(mapped.data as T[], mapped.total, query);
  };

  return {
    get: (path, options) => request('GET', path, options),
    post: async (path, bodyOrOptions, options) =>
      request('POST', path, bodyCallOptions('POST', bodyOrOptions, options)),
    put: async (path, bodyOrOptions, options) =>
      request('PUT', path, bodyCallOptions('PUT', bodyOrOptions, options)),
    patch: async (path, bodyOrOptions, options) =>
      request('PATCH', path, bodyCallOptions('PATCH', bodyOrOptions, options)),
    delete: (path, options) => request('DELETE', path, options),
    request,
    async getList(path, options = {}) {
      const { query, rest } = splitListOptions(options);
      return listPage(path, query, rest);
    },
    async *paginate(path, options = {}) {
      // No page cap by default: the walk ends at the last page (or an empty one) anyway.
      const { maxPages = Number.POSITIVE_INFINITY, ...listOptions } = options;
      const { query, rest } = splitListOptions(listOptions);
      yield* paginateItems((page) => listPage(path, page, rest), query, maxPages);
    },
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
}

/** Splits ListOptions into the list query (validated) and the remaining request options. */
function splitListOptions<T>(options: ListOptions<T>): { query: ListQuery; rest: RequestOptions<T[]> } {
  const { pagination = { page: 1, limit: 20 }, sort, filters, ...rest } = options;
  for (const key of ['page', 'limit'] as const) {
    const value = pagination[key];
    if (!Number.isInteger(value) || value < 1) {
      throw new RangeError(`pagination.${key} must be an integer >= 1, got ${String(value)}`);
    }
  }
  if (sort !== undefined && sort.order !== 'asc' && sort.order !== 'desc') {
    throw new RangeError(`sort.order must be 'asc' or 'desc', got ${JSON.stringify(sort.order)}`);
  }
  const query: ListQuery = { page: pagination.page, limit: pagination.limit };
  if (sort !== undefined) query.sort = sort;
  if (filters !== undefined) query.filters = filters;
  return { query, rest };
}

function replyOf(reply: Reply): Reply {
  return reply;
}

function dataOf(result: Reply): unknown {
  return result.data;
}
