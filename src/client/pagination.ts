import { showValue } from '../shared/show-value.js';
import { isPlainObject } from './body.js';
import { checkNumber } from './check.js';
import type { ListQuery, PaginatedResponse, SearchParams } from './types.js';
import { checkQueryValue, searchParamsError } from './url.js';

/** The defaults of getList's and paginate's own options (docs/pagination.md, "Options"). */
export const LIST_DEFAULTS = { pagination: { page: 1, limit: 20 }, maxPages: Infinity } as const;

/** Query parameter names the default request mapping uses for itself; a filter may not reuse them. */
const RESERVED = ['page', 'limit', 'sort', 'order'] as const;
const ITEM_KEYS = ['data', 'items', 'results'] as const;
const TOTAL_KEYS = ['total', 'totalCount', 'count'] as const;

/** Throws RangeError unless `page` and `limit` are integers >= 1; `prefix` starts the message. */
export function assertPageNumbers(
  prefix: string,
  pagination: { readonly page: unknown; readonly limit: unknown },
): void {
  // TypeError for a non-number (a string shown quoted), RangeError for one out of range.
  for (const name of ['page', 'limit'] as const) {
    checkNumber(`${prefix}pagination.${name}`, pagination[name], 1, Number.MAX_SAFE_INTEGER, true);
  }
}

/** Throws RangeError unless page and limit are integers >= 1 and sort is well formed. */
export function assertListQuery(query: ListQuery): void {
  assertPageNumbers('getList: ', query);
  if (query.sort === undefined) return;
  const { field, order } = query.sort as { field: unknown; order: unknown };
  if (typeof field !== 'string' || field === '') {
    throw new TypeError(`getList: sort.field must be a non-empty string, got ${showValue(field)}`);
  }
  if (order !== 'asc' && order !== 'desc') {
    throw new RangeError(`getList: sort.order must be "asc" or "desc", got ${showValue(order)}`);
  }
}

/**
 * Default request mapping: `page`, `limit`, `sort` (the field), `order` (`asc`/`desc`), then each filter
 * as it is (arrays stay arrays: the client repeats the key). A filter named like one of the four is a
 * TypeError rather than a silent override of the page asked for.
 * @example { page: 2, limit: 10, sort: { field: 'name', order: 'desc' }, filters: { tag: ['a', 'b'] } }
 *   // -> page=2&limit=10&sort=name&order=desc&tag=a&tag=b
 */
export function defaultListRequest(query: ListQuery): SearchParams {
  assertListQuery(query);
  const params: SearchParams = { page: query.page, limit: query.limit };
  if (query.sort !== undefined) {
    params['sort'] = query.sort.field;
    params['order'] = query.sort.order;
  }
  const { filters } = query;
  // A URLSearchParams or a Map has no own keys: Object.entries would drop every filter silently.
  if (filters !== undefined && filters !== null && !isPlainObject(filters)) {
    throw searchParamsError(filters, 'getList: filters');
  }
  for (const [name, value] of Object.entries(filters ?? {})) {
    if ((RESERVED as readonly string[]).includes(name)) {
      throw new TypeError(
        `getList: filter "${name}" collides with the "${name}" query parameter of pagination/sort; ` +
          'rename it or replace the client config option pagination.request',
      );
    }
    // Checked here, where the name the caller wrote is known; sent as they are.
    checkQueryValue('getList: filters', name, value);
    params[name] = value;
  }
  return params;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A total: a non-negative integer, or a string of digits (some APIs send counts as strings). */
function readTotal(value: unknown, where: string): number {
  const total = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < 0) {
    throw new TypeError(`getList: ${where} must be a non-negative integer, got ${showValue(value)}`);
  }
  return total;
}

/** The first total among `keys` of `record`, undefined when none is present. */
function findTotal(record: Record<string, unknown>, where: string): number | undefined {
  for (const key of TOTAL_KEYS) {
    if (Object.hasOwn(record, key) && record[key] !== undefined && record[key] !== null) {
      return readTotal(record[key], `${where}${key}`);
    }
  }
  return undefined;
}

/** X-Total-Count, when it is a non-negative integer; anything else is ignored as if absent. */
function headerTotal(response: Response): number | undefined {
  const header = response.headers.get('x-total-count')?.trim();
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
}

function describe(body: unknown): string {
  if (body === null || body === undefined) return String(body);
  if (isRecord(body)) {
    const keys = Object.keys(body);
    if (keys.length === 0) return 'an empty object';
    const shown = keys.slice(0, 8).map((key) => JSON.stringify(key));
    return `an object with keys ${shown.join(', ')}${keys.length > 8 ? ', ...' : ''}`;
  }
  return `a ${typeof body}`;
}

/**
 * Default response mapping. Accepts, in this order: a bare array (total from `X-Total-Count`, else
 * undefined); `{ data|items|results: [...], pagination: { total|totalCount|count } }`;
 * `{ data|items|results: [...], total|totalCount|count }` (an object without a total falls back to
 * `X-Total-Count`, then to undefined). Anything else is a TypeError naming what was received and the
 * `pagination.response` option. The values of the body never appear in the message.
 */
export function defaultListResponse(
  body: unknown,
  response: Response,
  _query: ListQuery,
): { data: unknown[]; total?: number | undefined } {
  if (Array.isArray(body)) return { data: body, total: headerTotal(response) };
  if (isRecord(body)) {
    const key = ITEM_KEYS.find((name) => Array.isArray(body[name]));
    if (key !== undefined) {
      const data = body[key] as unknown[];
      const nested = isRecord(body['pagination']) ? findTotal(body['pagination'], 'pagination.') : undefined;
      return { data, total: nested ?? findTotal(body, '') ?? headerTotal(response) };
    }
  }
  throw new TypeError(
    `getList: cannot read a list from the response (received ${describe(body)}); expected an array, ` +
      '{ data, pagination: { total } } or { data | items | results, total | totalCount | count }. ' +
      "Set the client config option pagination.response to map this API's shape",
  );
}

/**
 * Builds the PaginatedResponse. With a total: `totalPages = ceil(total / limit)` (0 when total is 0),
 * `hasNextPage = page < totalPages`. Without one: `hasNextPage = data.length === limit`,
 * `total = (page - 1) * limit + data.length`, `totalPages = hasNextPage ? page + 1 : page`, except an
 * empty page, after which no page can hold items: `totalPages = page - 1`.
 */
export function toPaginatedResponse<T>(
  data: T[],
  total: number | undefined,
  query: ListQuery,
): PaginatedResponse<T> {
  assertListQuery(query);
  const { page, limit } = query;
  let totalPages: number;
  let hasNextPage: boolean;
  if (total === undefined) {
    hasNextPage = data.length === limit;
    total = (page - 1) * limit + data.length;
    totalPages = data.length === 0 ? page - 1 : hasNextPage ? page + 1 : page;
  } else {
    total = readTotal(total, 'total');
    totalPages = Math.ceil(total / limit);
    hasNextPage = page < totalPages;
  }
  return { data, pagination: { page, limit, total, totalPages, hasNextPage, hasPreviousPage: page > 1 } };
}

/**
 * The page of what `pagination.response` returned: a TypeError naming what it got (types, never values)
 * unless it is `{ data: [...], total? }`, rather than a crash on `undefined` or a string walked char by char.
 */
export function mappedPage<T>(mapped: unknown, query: ListQuery): PaginatedResponse<T> {
  const data = isRecord(mapped) ? mapped['data'] : undefined;
  if (!Array.isArray(data)) {
    const got = isRecord(mapped)
      ? `{ data: ${describe(data)} }`
      : Array.isArray(mapped)
        ? 'an array'
        : describe(mapped);
    throw new TypeError(
      `getList: pagination.response(body, response, query) must return { data: [...items], total? }, got ${got}`,
    );
  }
  return toPaginatedResponse(data as T[], (mapped as { total?: number }).total, query);
}

/**
 * Every item of every page: calls `fetchPage` for page, page+1, ... until the last page or `maxPages`
 * pages. Once `signal` aborts, the next item is its reason, not the rest of a page already read.
 */
export async function* paginateItems<T>(
  fetchPage: (query: ListQuery) => Promise<PaginatedResponse<T>>,
  first: ListQuery,
  maxPages: number,
  signal?: AbortSignal | null,
): AsyncIterableIterator<T> {
  // Infinity is allowed: "no cap", the end of the list still stops the walk.
  if (maxPages !== Infinity) checkNumber('paginate: maxPages', maxPages, 1, Number.MAX_SAFE_INTEGER, true);
  assertListQuery(first);
  // The largest page the server sent: its own page size when it caps `limit` (asked 100, sends 10).
  let size = 0;
  for (let fetched = 0, page = first.page; fetched < maxPages; fetched += 1, page += 1) {
    const { data, pagination } = await fetchPage({ ...first, page });
    for (const item of data) {
      signal?.throwIfAborted();
      yield item;
    }
    if (data.length === 0) return;
    size = Math.max(size, data.length);
    // A page counted at `limit` may be the last while, counted at the server's size, the total says
    // more items come: the walk goes on (see docs/pagination.md, "Iterating over every item").
    if (!pagination.hasNextPage && page >= Math.ceil(pagination.total / size)) return;
  }
}
