// Endpoints -> the names and TypeScript declarations of their types: the response (2xx), the error body
// (4xx/5xx), the request body (POST/PUT/PATCH) and the query. Every name is unique across the run, so the
// endpoint map and the OpenAPI document can share them. docs/traffic.md, "Type names".
import { exportedNames } from '../shared/exported-names.js';
import { safeDecode } from '../shared/safe-decode.js';
import type { GenerateTypesOptions } from '../typegen/generate.js';
import { generateInputTypesFromSamples, generateTypesFromSamples } from '../typegen/samples.js';
import type { Endpoint } from './endpoints.js';
import { type Exchange, isSuccessBody } from './har.js';
import { emitQueryType, type QueryParam, queryParams } from './query.js';

/** Options passed on to the type generator, as `generateTypes` takes them (docs/formats.md). */
export type TrafficTypeOptions = Pick<
  GenerateTypesOptions,
  'named' | 'maps' | 'formats' | 'enums' | 'taggedUnions' | 'integers' | 'maxDepth'
>;

/** The roles a type can have in an endpoint. */
export type TypeRole = 'response' | 'error' | 'body' | 'query';

/** One endpoint with the names, samples and TypeScript declarations of its types. */
export interface EndpointTypes {
  readonly endpoint: Endpoint;
  /** File stem for the endpoint's own file: `get-users-id` (only `[a-z0-9-]`). */
  readonly file: string;
  /**
   * The endpoint's name, whose camelCase is its OpenAPI operationId: {@link endpointName} with the
   * file's number (`GetAB2` for `get-a-b-2`); a config run's endpoint has its own name (`users`).
   */
  readonly name: string;
  /** The name of each type the traffic gave; a role with nothing seen has none. */
  readonly names: Readonly<Partial<Record<TypeRole, string>>>;
  /** The parsed bodies behind each JSON type. */
  readonly samples: { readonly response: unknown[]; readonly error: unknown[]; readonly body: unknown[] };
  /** The query parameters seen (empty when no request had a query). */
  readonly query: readonly QueryParam[];
  /** Every declaration of the endpoint, TypeScript, blank-line separated, ending with a newline. */
  readonly typescript: string;
  /** The generator options the types were made with (the OpenAPI schemas use the same). */
  readonly options: TrafficTypeOptions;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const SUFFIX: Record<TypeRole, string> = { response: '', error: 'Error', body: 'Body', query: 'Query' };
// Long enough for any real path, well short of the 255-byte file-name limit.
const MAX_STEM = 100;

/**
 * Names and declarations for every endpoint, in order. A type whose name (or a nested named type's)
 * is already taken gets the first free number: `GetUsersId2`, `GetUsersIdError2`.
 */
export function typeEndpoints(
  endpoints: readonly Endpoint[],
  options: TrafficTypeOptions = {},
): EndpointTypes[] {
  const usedNames = new Set<string>();
  const usedFiles = new Set<string>();
  return endpoints.map((endpoint) => {
    const samples = samplesOf(endpoint);
    const query = queryParams(endpoint.exchanges);
    const base = endpointName(endpoint);
    const names: Partial<Record<TypeRole, string>> = {};
    const parts: string[] = [];
    for (const role of ['response', 'error', 'body', 'query'] as const) {
      if (role === 'query' ? query.length === 0 : samples[role].length === 0) continue;
      // A request body is written by the caller: its optional members also take undefined.
      const generate = role === 'body' ? generateInputTypesFromSamples : generateTypesFromSamples;
      for (let attempt = 1; ; attempt++) {
        const name = `${base}${SUFFIX[role]}${attempt === 1 ? '' : attempt}`;
        const text =
          role === 'query'
            ? emitQueryType(query, name)
            : generate(samples[role], { ...generatorOptions(options), name });
        const declared = exportedNames(text);
        if (declared.some((taken) => usedNames.has(taken)) || new Set(declared).size !== declared.length) {
          continue;
        }
        for (const taken of declared) usedNames.add(taken);
        names[role] = name;
        parts.push(text);
        break;
      }
    }
    const stem = endpointFileStem(endpoint);
    let file = stem;
    let number = 1;
    while (usedFiles.has(file)) file = `${stem}-${++number}`;
    usedFiles.add(file);
    return {
      endpoint,
      file,
      name: endpointName(endpoint, number),
      names,
      samples,
      query,
      typescript: parts.join('\n'),
      options: generatorOptions(options),
    };
  });
}

/**
 * Whether every request of the endpoint had a JSON body: the body is required (OpenAPI's
 * `requestBody.required`), else the endpoint map lets a call leave it out.
 */
export function bodyRequired(exchanges: readonly Pick<Exchange, 'body'>[]): boolean {
  return exchanges.every((exchange) => exchange.body !== undefined);
}

/**
 * Whether some 2xx answer of the endpoint had no body (204, 205, an empty JSON body): the client resolves
 * such a call to `undefined`, so the map's response type includes it.
 */
export function answeredEmpty(exchanges: readonly Pick<Exchange, 'empty'>[]): boolean {
  return exchanges.some((exchange) => exchange.empty === true);
}

/** The options of generateTypesFromSamples that the traffic passes on (only those given). */
export function generatorOptions(options: TrafficTypeOptions): TrafficTypeOptions {
  const out: TrafficTypeOptions = {};
  if (options.named !== undefined) out.named = options.named;
  if (options.maps !== undefined) out.maps = options.maps;
  if (options.formats !== undefined) out.formats = options.formats;
  if (options.enums !== undefined) out.enums = options.enums;
  if (options.taggedUnions !== undefined) out.taggedUnions = options.taggedUnions;
  if (options.integers !== undefined) out.integers = options.integers;
  if (options.maxDepth !== undefined) out.maxDepth = options.maxDepth;
  return out;
}

function samplesOf(endpoint: Endpoint): EndpointTypes['samples'] {
  const response: unknown[] = [];
  const error: unknown[] = [];
  const body: unknown[] = [];
  for (const exchange of endpoint.exchanges) {
    // A 2xx without a body gives no sample: the map and the document say it apart (answeredEmpty).
    if (isSuccessBody(exchange)) response.push(exchange.response);
    else if (exchange.status >= 400) error.push(exchange.response);
    if (exchange.body !== undefined && BODY_METHODS.has(endpoint.method)) body.push(exchange.body.value);
  }
  return { response, error, body };
}

/**
 * The file stem of an endpoint: its method and path words, lower case, joined by `-`
 * (`GET /users/{id}` -> `get-users-id`, the root path `get-root`); only `[a-z0-9-]`, so a file named
 * from it never leaves its folder. Capture names its files the same way.
 */
export function endpointFileStem(endpoint: Pick<Endpoint, 'method' | 'template'>): string {
  return pathWords(endpoint).join('-').toLowerCase().slice(0, MAX_STEM).replace(/-+$/, '');
}

/**
 * The name of an endpoint: its method and path words in PascalCase, each word's case kept
 * (`GET /users/{userId}` -> `GetUsersUserId`, the root path `GetRoot`), and `number` when above 1, the
 * one its file took (`get-a-b-2` -> `GetAB2`). Its types, capture's default type name and the OpenAPI
 * operationId are named from it, so a HAR run and capture agree.
 */
export function endpointName(endpoint: Pick<Endpoint, 'method' | 'template'>, number = 1): string {
  const words = pathWords(endpoint).map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return `${words.join('')}${number === 1 ? '' : number}`;
}

/**
 * `GET /users/{id}` -> `['get', 'users', 'id']`: the method and the path's words, only `[A-Za-z0-9]`
 * kept, so a file named from them never leaves its folder; the root path gives `['get', 'root']`.
 */
function pathWords(endpoint: Pick<Endpoint, 'method' | 'template'>): string[] {
  const words = endpoint.template
    .split('/')
    .flatMap((segment) => safeDecode(segment).split(/[^A-Za-z0-9]+/))
    .filter((word) => word !== '');
  if (words.length === 0) words.push('root');
  return [endpoint.method.toLowerCase().replace(/[^a-z]/g, ''), ...words];
}
