import { isPlainObject } from './body.js';
import { isOptionKey } from './prepare.js';
import type { RequestBody, RequestOptions } from './types.js';

/**
 * Whether the second argument of `post/put/patch` is RequestOptions: a plain object with an own `body`
 * key, all of whose keys are request option keys (the client's, the layers' and fetch's). So
 * `{ title: 'a', body: 'b', userId: 1 }` is a body (it has keys no option has), and
 * `{ body: {...}, headers: {...} }` is options.
 */
export function isRequestOptions(value: unknown): value is RequestOptions {
  if (!isPlainObject(value) || !Object.hasOwn(value, 'body')) return false;
  for (const key of Object.keys(value)) if (!isOptionKey(key)) return false;
  return true;
}

/**
 * The options of a two- or three-argument `post/put/patch` call. With a third argument the second
 * one is always the body; a body given in both places is a TypeError.
 */
export function bodyCallOptions<T>(
  method: string,
  bodyOrOptions: RequestBody | RequestOptions<T> | undefined,
  options: RequestOptions<T> | undefined,
): RequestOptions<T> {
  if (options === undefined) {
    if (isRequestOptions(bodyOrOptions)) return bodyOrOptions as RequestOptions<T>;
    return bodyOrOptions === undefined ? {} : { body: bodyOrOptions as RequestBody };
  }
  if (bodyOrOptions === undefined) return options;
  if (options.body !== undefined) {
    throw new TypeError(
      `${method.toLowerCase()}(): the body is given twice, as the second argument and as options.body`,
    );
  }
  return { ...options, body: bodyOrOptions as RequestBody };
}
