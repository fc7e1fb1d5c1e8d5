import type { ListQuery, PaginatedResponse, SearchParams } from './types.js';

/** Default request mapping: page, limit, sort (field), order, and each filter. */
export function defaultListRequest(query: ListQuery): SearchParams {
  void query;
  throw new Error('not implemented yet');
}

/** Default response mapping; see PaginationMapping.response. Throws TypeError on a shape it does not know. */
export function defaultListResponse(
  body: unknown,
  response: Response,
  query: ListQuery,
): { data: unknown[]; total?: number | undefined } {
  void body;
  void response;
  void query;
  throw new Error('not implemented yet');
}

/** Builds the PaginatedResponse; without a total, hasNextPage is `data.length === limit`. */
export function toPaginatedResponse<T>(
  data: T[],
  total: number | undefined,
  query: ListQuery,
): PaginatedResponse<T> {
  void data;
  void total;
  void query;
  throw new Error('not implemented yet');
}

/** Every item of every page: calls `fetchPage` for page, page+1, ... until the last page or `maxPages` pages. */
export async function* paginateItems<T>(
  fetchPage: (query: ListQuery) => Promise<PaginatedResponse<T>>,
  first: ListQuery,
  maxPages: number,
): AsyncIterableIterator<T> {
  void fetchPage;
  void first;
  void maxPages;
  yield* [];
  throw new Error('not implemented yet');
}
