import type {
  ApiClientConfig,
  CircuitState,
  HttpMethod,
  ListOptions,
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
}

/** Creates a typed HTTP client. */
export function createApiClient(config: ApiClientConfig = {}): ApiClient {
  void config;
  throw new Error('createApiClient: not implemented yet');
}
