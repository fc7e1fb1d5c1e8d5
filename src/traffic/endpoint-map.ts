// The endpoint map: `export interface Api`, one member per endpoint, keyed `'METHOD /path/{template}'`,
// valued `{ params, query, body, response }`; members that do not apply are `never`, a body some requests
// did not have is `| undefined`, a 2xx answered without a body adds `undefined` to the response (what the
// client resolves it to), and a response never seen (only errors were recorded) is `unknown`.
// `createApiClient<Api>()` reads it (docs/traffic.md).
import { answeredEmpty, bodyRequired, type EndpointTypes } from './endpoint-types.js';
import type { Endpoint } from './endpoints.js';
import { propertyKey, quote } from './query.js';

/**
 * What the map needs of an endpoint: its key and parameters, and the names of its types; its exchanges,
 * when known, say whether the body is required and whether a 2xx came without a body.
 */
export interface EndpointMapEntry {
  readonly endpoint: Pick<Endpoint, 'key' | 'params'> & Partial<Pick<Endpoint, 'exchanges'>>;
  readonly names: EndpointTypes['names'];
}

export interface EndpointMapOptions<T extends EndpointMapEntry = EndpointTypes> {
  /**
   * The module each endpoint's types are imported from (`'./get-users-id.js'`), for a map written in
   * its own file; without it the map refers to the names as if they were declared beside it.
   */
  importFrom?: ((endpoint: T) => string) | undefined;
  /** The interface's name. @default 'Api' */
  name?: string | undefined;
}

/** The TypeScript text of the endpoint map (imports first when `importFrom` is given), ending with a newline. */
export function emitEndpointMap<T extends EndpointMapEntry>(
  endpoints: readonly T[],
  options: EndpointMapOptions<T> = {},
): string {
  const name = options.name ?? 'Api';
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new TypeError(`name must be an identifier, got ${quote(name)}`);
  // An imported type named like the map itself (a config endpoint named `api` declares `Api`) is imported
  // under the first free alias (`Api as Api2`), so the map compiles.
  const imported = new Set(
    endpoints
      .flatMap(({ names }) => [names.response, names.body, names.query])
      .filter((n) => n !== undefined),
  );
  let alias = name;
  if (options.importFrom !== undefined && imported.has(name)) {
    for (let n = 2; alias === name || imported.has(alias); n++) alias = `${name}${n}`;
  }
  const local = (typeName: string): string => (typeName === name ? alias : typeName);
  const imports: string[] = [];
  const members: string[] = [];
  for (const types of endpoints) {
    const { endpoint, names } = types;
    if (options.importFrom !== undefined) {
      const used = [names.response, names.body, names.query]
        .filter((n) => n !== undefined)
        .map((n) => (local(n) === n ? n : `${n} as ${local(n)}`));
      if (used.length > 0)
        imports.push(`import type { ${used.join(', ')} } from ${quote(options.importFrom(types))};`);
    }
    const params =
      endpoint.params.length === 0
        ? 'never'
        : `{ ${endpoint.params.map((param) => `${propertyKey(param.name)}: string | number`).join('; ')} }`;
    const body =
      names.body === undefined
        ? 'never'
        : endpoint.exchanges === undefined || bodyRequired(endpoint.exchanges)
          ? local(names.body)
          : `${local(names.body)} | undefined`;
    const response = responseType(
      names.response === undefined ? undefined : local(names.response),
      endpoint.exchanges,
    );
    members.push(
      `  ${quote(endpoint.key)}: {\n` +
        `    params: ${params};\n` +
        `    query: ${names.query === undefined ? 'never' : local(names.query)};\n` +
        `    body: ${body};\n` +
        `    response: ${response};\n` +
        '  };',
    );
  }
  const head = imports.length > 0 ? `${imports.join('\n')}\n\n` : '';
  const body = members.length > 0 ? `\n${members.join('\n')}\n` : '';
  return `${head}export interface ${name} {${body}}\n`;
}

/**
 * The response member: the 2xx type, `| undefined` when some 2xx had no body (the client resolves it to
 * `undefined`); `undefined` when no 2xx had one; `unknown` when no 2xx was recorded.
 */
function responseType(
  name: string | undefined,
  exchanges: EndpointMapEntry['endpoint']['exchanges'],
): string {
  const empty = exchanges !== undefined && answeredEmpty(exchanges);
  if (name === undefined) return empty ? 'undefined' : 'unknown';
  return empty ? `${name} | undefined` : name;
}
