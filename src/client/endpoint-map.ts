/**
 * Calls typed by path: with an endpoint map (`export interface Api`, written by `typefetch --har`,
 * docs/traffic.md), `api.get('/users/{id}', { params: { id: 1 } })` resolves to that endpoint's response
 * type with no generic, and an unknown path, a missing `params` or a wrong parameter name do not
 * compile. Types only, plus `fillPathParams`, the one runtime step: `{name}` -> the percent-encoded value.
 */
import { showValue } from '../shared/show-value.js';
import type { ApiClient } from './create-client.js';
import type {
  HttpMethod,
  ParsedBody,
  RequestBody,
  RequestOptions,
  ResponsePromise,
  SearchParams,
} from './types.js';

/** What each member of an endpoint map declares; a member that does not apply is `never`. */
export interface EndpointShape {
  /** The `{name}` parameters of the path: `{ id: string | number }`. */
  params: unknown;
  /** The query parameters. */
  query: unknown;
  /** The JSON request body. */
  body: unknown;
  /** The 2xx response body. */
  response: unknown;
}

/** What a typed call returns: the client's result for the endpoint's response type. */
export type EndpointResult<T> = ResponsePromise<T>;

type IsNever<T> = [T] extends [never] ? true : false;
type KeyOf<A> = Extract<keyof A, string>;
type Member<E, K extends keyof EndpointShape> = E extends { [P in K]: infer V } ? V : never;

/** The paths of the map's endpoints for one method: `PathsOf<Api, 'GET'>` -> `'/users/{id}' | '/users'`. */
export type PathsOf<A, M extends string> = {
  [K in KeyOf<A>]: K extends `${M} ${infer P}` ? P : never;
}[KeyOf<A>];

/** The endpoint `M P` of the map. */
export type EndpointOf<A, M extends string, P extends string> = A[Extract<`${M} ${P}`, keyof A>];

/** The response type of an endpoint. */
export type ResponseOf<E> = Member<E, 'response'>;

type ParamsOption<E> =
  IsNever<Member<E, 'params'>> extends true ? { params?: never } : { params: Member<E, 'params'> };

type QueryOption<E> =
  IsNever<Member<E, 'query'>> extends true
    ? { searchParams?: SearchParams | undefined }
    : object extends Member<E, 'query'>
      ? { searchParams?: Member<E, 'query'> | undefined }
      : { searchParams: Member<E, 'query'> };

/** The options of a call to endpoint `E`: every request option, `params` when the path has some, its query type. */
export type EndpointOptions<E> = Omit<RequestOptions<ResponseOf<E>>, 'searchParams' | 'body' | 'params'> &
  ParamsOption<E> &
  QueryOption<E>;

/** `[options?]`, or `[options]` when the endpoint needs `params` or a query parameter. */
export type OptionsArgs<E> = object extends ParamsOption<E> & QueryOption<E>
  ? [options?: EndpointOptions<E>]
  : [options: EndpointOptions<E>];

/** The body a call to `E` takes: its recorded JSON body type, else any body the client sends. */
export type BodyOf<E> = IsNever<Member<E, 'body'>> extends true ? RequestBody | undefined : Member<E, 'body'>;

/** `post`/`put`/`patch` arguments: the body, then the options (`undefined` as the body when there is none). */
export type BodyArgs<E> = object extends ParamsOption<E> & QueryOption<E>
  ? IsNever<Member<E, 'body'>> extends true
    ? [body?: BodyOf<E>, options?: EndpointOptions<E>]
    : [body: BodyOf<E>, options?: EndpointOptions<E>]
  : [body: BodyOf<E>, options: EndpointOptions<E>];

/** `request` arguments: the options, with the endpoint's body in `options.body`. */
export type RequestArgs<E> = object extends ParamsOption<E> & QueryOption<E>
  ? [options?: EndpointOptions<E> & { body?: BodyOf<E> }]
  : [options: EndpointOptions<E> & { body?: BodyOf<E> }];

/** The options of a call to `E` that reads its body as `K` (`parseAs` other than 'auto' and 'json'). */
type ParsedEndpointOptions<E, K extends keyof ParsedBody> = EndpointOptions<E> & { parseAs: K };

/**
 * The methods that an endpoint map types. A `parseAs` other than 'auto' and 'json' types the result by
 * `parseAs` (string, Blob, ...), as without a map; else it is the endpoint's response type.
 */
export interface TypedMethods<A> {
  get<P extends PathsOf<A, 'GET'>, K extends keyof ParsedBody>(
    path: P,
    options: ParsedEndpointOptions<EndpointOf<A, 'GET', P>, K>,
  ): EndpointResult<ParsedBody[K]>;
  get<P extends PathsOf<A, 'GET'>>(
    path: P,
    ...args: OptionsArgs<EndpointOf<A, 'GET', P>>
  ): EndpointResult<ResponseOf<EndpointOf<A, 'GET', P>>>;
  delete<P extends PathsOf<A, 'DELETE'>, K extends keyof ParsedBody>(
    path: P,
    options: ParsedEndpointOptions<EndpointOf<A, 'DELETE', P>, K>,
  ): EndpointResult<ParsedBody[K]>;
  delete<P extends PathsOf<A, 'DELETE'>>(
    path: P,
    ...args: OptionsArgs<EndpointOf<A, 'DELETE', P>>
  ): EndpointResult<ResponseOf<EndpointOf<A, 'DELETE', P>>>;
  post<P extends PathsOf<A, 'POST'>, K extends keyof ParsedBody>(
    path: P,
    body: BodyOf<EndpointOf<A, 'POST', P>>,
    options: ParsedEndpointOptions<EndpointOf<A, 'POST', P>, K>,
  ): EndpointResult<ParsedBody[K]>;
  post<P extends PathsOf<A, 'POST'>>(
    path: P,
    ...args: BodyArgs<EndpointOf<A, 'POST', P>>
  ): EndpointResult<ResponseOf<EndpointOf<A, 'POST', P>>>;
  put<P extends PathsOf<A, 'PUT'>, K extends keyof ParsedBody>(
    path: P,
    body: BodyOf<EndpointOf<A, 'PUT', P>>,
    options: ParsedEndpointOptions<EndpointOf<A, 'PUT', P>, K>,
  ): EndpointResult<ParsedBody[K]>;
  put<P extends PathsOf<A, 'PUT'>>(
    path: P,
    ...args: BodyArgs<EndpointOf<A, 'PUT', P>>
  ): EndpointResult<ResponseOf<EndpointOf<A, 'PUT', P>>>;
  patch<P extends PathsOf<A, 'PATCH'>, K extends keyof ParsedBody>(
    path: P,
    body: BodyOf<EndpointOf<A, 'PATCH', P>>,
    options: ParsedEndpointOptions<EndpointOf<A, 'PATCH', P>, K>,
  ): EndpointResult<ParsedBody[K]>;
  patch<P extends PathsOf<A, 'PATCH'>>(
    path: P,
    ...args: BodyArgs<EndpointOf<A, 'PATCH', P>>
  ): EndpointResult<ResponseOf<EndpointOf<A, 'PATCH', P>>>;
  /** Any method of the map; the body, if any, goes in `options.body`. */
  request<M extends HttpMethod, P extends PathsOf<A, M>, K extends keyof ParsedBody>(
    method: M,
    path: P,
    options: ParsedEndpointOptions<EndpointOf<A, M, P>, K> & { body?: BodyOf<EndpointOf<A, M, P>> },
  ): EndpointResult<ParsedBody[K]>;
  request<M extends HttpMethod, P extends PathsOf<A, M>>(
    method: M,
    path: P,
    ...args: RequestArgs<EndpointOf<A, M, P>>
  ): EndpointResult<ResponseOf<EndpointOf<A, M, P>>>;
}

/** The client typed by an endpoint map: the typed methods, and every other member of the client as it is. */
export type TypedApiClient<A> = Omit<ApiClient, keyof TypedMethods<A>> & TypedMethods<A>;

/** What `createApiClient<A>()` returns: the client as before without a map (`A` left out), typed by `A` with one. */
export type ApiClientFor<A = never> = IsNever<A> extends true ? ApiClient : TypedApiClient<A>;

const PLACEHOLDER = /\{([^{}/]*)\}/g;

/**
 * Fills every `{name}` of `template` with `params[name]`, percent-encoded (`a/b` -> `a%2Fb`), so a
 * value can never add a path segment, a query or a fragment.
 * @throws TypeError when a parameter is missing, is not a string or a finite number, is empty, `.` or
 *   `..` (which URL parsing would turn into another path), or `params` has a name the path does not.
 * @example fillPathParams('/repos/{owner}/{repo}', { owner: 'a b', repo: 'x' }) // '/repos/a%20b/x'
 */
export function fillPathParams(
  template: string,
  params?: Readonly<Record<string, unknown>> | undefined,
): string {
  const given = params ?? {};
  if (typeof given !== 'object' || given === null) {
    throw new TypeError(`params must be an object, got ${showValue(params)}`);
  }
  const used = new Set<string>();
  const filled = template.replace(PLACEHOLDER, (_, name: string) => {
    if (!Object.hasOwn(given, name) || given[name] === undefined) {
      throw new TypeError(`params.${name} is missing: the path ${template} needs it`);
    }
    const value = given[name];
    if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) {
      throw new TypeError(`params.${name} must be a string or a finite number, got ${showValue(value)}`);
    }
    const text = String(value);
    if (text === '' || text === '.' || text === '..') {
      throw new TypeError(`params.${name} must not be empty, "." or "..", got ${JSON.stringify(text)}`);
    }
    used.add(name);
    return encodeURIComponent(text);
  });
  for (const name of Object.keys(given)) {
    if (!used.has(name)) throw new TypeError(`params.${name} is not a parameter of the path ${template}`);
  }
  return filled;
}
