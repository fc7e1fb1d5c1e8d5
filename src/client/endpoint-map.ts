/**
 * Calls typed by path: with an endpoint map (`export interface Api`, written by `typefetch --har`,
 * docs/traffic.md), `api.get('/users/{id}', { params: { id: 1 } })` resolves to that endpoint's response
 * type with no generic, and an unknown path, a missing `params` or a wrong parameter name do not
 * compile. Types only, plus `fillPathParams`, the one runtime step: `{name}` -> the percent-encoded value.
 */
import { showValue } from '../shared/show-value.js';
import type { ApiClient } from './create-client.js';
import { redactUrl } from './logging/redact.js';
import type {
  ApiClientConfig,
  MethodName,
  ParseAs,
  ParsedBody,
  RequestBody,
  RequestOptions,
  ResponsePromise,
  SearchParams,
  StandardSchemaV1,
  ValidationSchema,
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
type IsUnion<T> = [T] extends [UnionToIntersection<T>] ? false : true;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;

/**
 * What `path` takes: `P` when it is a path of the map for method `M`, else the method's paths. `P` itself
 * is any string, inferred as written, so that a path not in the map (`'/usres'`) is reported as such
 * ("not assignable to parameter of type '"/users" | ..."'), with one path in the map as with many: a
 * type parameter bounded by the paths would fall back to its bound, the one endpoint, and TypeScript
 * would ask for that endpoint's arguments instead ("Expected 2 arguments").
 */
type PathArg<A, M extends string, P> = P extends PathsOf<A, M> ? P : PathsOf<A, M>;

/**
 * The arguments after the path, all optional when the path is not one endpoint's: a path not in the map,
 * reported on the path, not as a missing argument; or a path typed as a union of paths, whose `params`
 * are checked at run time when they are given (a missing one throws a TypeError); without `params` it is
 * sent as written, `{id}` included (docs/client.md, "URLs").
 */
type ArgsFor<A, M extends string, P, Args extends unknown[]> = [P] extends [PathsOf<A, M>]
  ? IsUnion<P> extends true
    ? Partial<Args>
    : Args
  : Partial<Args>;
type KeyOf<A> = Extract<keyof A, string>;
type Member<E, K extends keyof EndpointShape> = E extends { [P in K]: infer V } ? V : never;

/**
 * The paths of the map's endpoints for one method: `PathsOf<Api, 'GET'>` -> `'/users/{id}' | '/users'`.
 * A distributive conditional type, so that an error names the paths, not this alias
 * (docs/traffic.md, "Calls typed by path").
 */
export type PathsOf<A, M extends string> =
  KeyOf<A> extends infer K ? (K extends `${M} ${infer P}` ? P : never) : never;

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

/** EndpointOptions whose `parseAs` is `K`, so that a call's result can follow it. */
type KindOptions<E, K extends ParseAs, R = unknown> = Omit<
  EndpointOptions<E>,
  'parseAs' | 'validateResponse'
> & {
  parseAs?: K | undefined;
  /** A simple schema, or a Standard Schema whose output `R` is then the result (docs/validation.md). */
  validateResponse?: ValidationSchema | StandardSchemaV1<unknown, R> | undefined;
};

/** `[options?]`, or `[options]` when the endpoint needs `params` or a query parameter. */
export type OptionsArgs<E, K extends ParseAs = ParseAs, R = unknown> = object extends ParamsOption<E> &
  QueryOption<E>
  ? [options?: KindOptions<E, K, R>]
  : [options: KindOptions<E, K, R>];

/**
 * A call's result: what `parseAs` reads (string, Blob, ...); for 'auto' and 'json' the output `R` of a
 * Standard Schema in `validateResponse`, else (`R` unknown: no schema, a simple one) the endpoint's
 * response type. `R` stands only where TypeScript does not infer from (a conditional's checked type,
 * read back through `infer`): else `const n: number = await api.get(...)` would infer `R` from the
 * variable's type and hide the endpoint's.
 */
type ResultOf<E, K extends ParseAs, R = unknown> = EndpointResult<
  K extends keyof ParsedBody
    ? ParsedBody[K]
    : R extends infer S
      ? unknown extends S
        ? ResponseOf<E>
        : S
      : never
>;

/** The body a call to `E` takes: its recorded JSON body type, else any body the client sends. */
export type BodyOf<E> = IsNever<Member<E, 'body'>> extends true ? RequestBody | undefined : Member<E, 'body'>;

/**
 * Whether a body of type `B` may be an object that `post(path, body)` reads as the options: one with a
 * `body` key and only option keys (`{ body: 'Hi' }`, docs/client.md, "The two-argument form").
 */
type ReadsAsOptions<B> = B extends object
  ? 'body' extends keyof B
    ? [Exclude<keyof B, keyof RequestOptions | 'body'>] extends [never]
      ? true
      : false
    : false
  : false;

/**
 * `post`/`put`/`patch` arguments: the body, then the options (`undefined` as the body when there is none).
 * The body may be left out when the endpoint takes none (`undefined` is one of its types); the options
 * are required when the body could be read as options, so that it is always sent as the body.
 */
export type BodyArgs<E, K extends ParseAs = ParseAs, R = unknown> = object extends ParamsOption<E> &
  QueryOption<E>
  ? true extends ReadsAsOptions<Member<E, 'body'>>
    ? [body: BodyOf<E>, options: KindOptions<E, K, R>]
    : undefined extends BodyOf<E>
      ? [body?: BodyOf<E>, options?: KindOptions<E, K, R>]
      : [body: BodyOf<E>, options?: KindOptions<E, K, R>]
  : [body: BodyOf<E>, options: KindOptions<E, K, R>];

/** `request` arguments: the options, with the endpoint's body in `options.body`. */
export type RequestArgs<E, K extends ParseAs = ParseAs, R = unknown> = object extends ParamsOption<E> &
  QueryOption<E>
  ? [options?: KindOptions<E, K, R> & { body?: BodyOf<E> }]
  : [options: KindOptions<E, K, R> & { body?: BodyOf<E> }];

/**
 * The methods that an endpoint map types. A `parseAs` other than 'auto' and 'json' types the result by
 * what it reads (string, Blob, ...), as without a map; else a Standard Schema's output, as without a map,
 * or the endpoint's response type.
 */
export interface TypedMethods<A> {
  get<P extends string, K extends ParseAs = 'auto', R = unknown>(
    path: PathArg<A, 'GET', P>,
    ...args: ArgsFor<A, 'GET', P, OptionsArgs<EndpointOf<A, 'GET', P>, K, R>>
  ): ResultOf<EndpointOf<A, 'GET', P>, K, R>;
  delete<P extends string, K extends ParseAs = 'auto', R = unknown>(
    path: PathArg<A, 'DELETE', P>,
    ...args: ArgsFor<A, 'DELETE', P, OptionsArgs<EndpointOf<A, 'DELETE', P>, K, R>>
  ): ResultOf<EndpointOf<A, 'DELETE', P>, K, R>;
  post<P extends string, K extends ParseAs = 'auto', R = unknown>(
    path: PathArg<A, 'POST', P>,
    ...args: ArgsFor<A, 'POST', P, BodyArgs<EndpointOf<A, 'POST', P>, K, R>>
  ): ResultOf<EndpointOf<A, 'POST', P>, K, R>;
  put<P extends string, K extends ParseAs = 'auto', R = unknown>(
    path: PathArg<A, 'PUT', P>,
    ...args: ArgsFor<A, 'PUT', P, BodyArgs<EndpointOf<A, 'PUT', P>, K, R>>
  ): ResultOf<EndpointOf<A, 'PUT', P>, K, R>;
  patch<P extends string, K extends ParseAs = 'auto', R = unknown>(
    path: PathArg<A, 'PATCH', P>,
    ...args: ArgsFor<A, 'PATCH', P, BodyArgs<EndpointOf<A, 'PATCH', P>, K, R>>
  ): ResultOf<EndpointOf<A, 'PATCH', P>, K, R>;
  /** Any method of the map, in either case; the body, if any, goes in `options.body`. */
  request<M extends MethodName, P extends string, K extends ParseAs = 'auto', R = unknown>(
    method: M,
    path: PathArg<A, Uppercase<M>, P>,
    ...args: ArgsFor<A, Uppercase<M>, P, RequestArgs<EndpointOf<A, Uppercase<M>, P>, K, R>>
  ): ResultOf<EndpointOf<A, Uppercase<M>, P>, K, R>;
}

/**
 * The client typed by an endpoint map: the typed methods, `extend` giving a client typed by the same map,
 * and every other member of the client as it is.
 */
export type TypedApiClient<A> = Omit<ApiClient, keyof TypedMethods<A> | 'extend'> &
  TypedMethods<A> & {
    /** A derived client (docs/client.md, "Derived clients"), its calls typed by the same map. */
    extend(config: ApiClientConfig): TypedApiClient<A>;
  };

/** What `createApiClient<A>()` returns: the client as before without a map (`A` left out), typed by `A` with one. */
export type ApiClientFor<A = never> = IsNever<A> extends true ? ApiClient : TypedApiClient<A>;

const PLACEHOLDER = /\{([^{}/]*)\}/g;

/**
 * Fills every `{name}` of `template` with `params[name]`, percent-encoded (`a/b` -> `a%2Fb`), so a
 * value can never add a path segment, a query or a fragment.
 * @throws TypeError when a parameter is missing, is not a string or a finite number, is empty, `.` or
 *   `..` (which URL parsing would turn into another path), has a lone surrogate, or `params` has a name
 *   the path does not.
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
  // A path may carry a key in its query (`?api_key=...`): shown redacted, as in the logs.
  const shown = (): string => redactUrl(template);
  const filled = template.replace(PLACEHOLDER, (_, name: string) => {
    if (!Object.hasOwn(given, name) || given[name] === undefined) {
      throw new TypeError(`params.${name} is missing: the path ${shown()} needs it`);
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
    try {
      return encodeURIComponent(text);
    } catch {
      // URIError "URI malformed", naming nothing; the value is not shown (a path may carry a token).
      throw new TypeError(
        `params.${name} must be well-formed Unicode: it has a lone surrogate, which cannot be percent-encoded`,
      );
    }
  });
  for (const name of Object.keys(given)) {
    if (!used.has(name)) throw new TypeError(`params.${name} is not a parameter of the path ${shown()}`);
  }
  return filled;
}
