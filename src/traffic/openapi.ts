// Endpoints -> one OpenAPI 3.1 document: servers, templated paths, path and query parameters, request
// bodies, responses per status seen (no content for one answered without a body), and the schemas under
// components/schemas, named as the TypeScript types. Values are never written: no example, no default,
// no header. docs/traffic.md, "OpenAPI".
import { STATUS_CODES } from 'node:http';
import { escapeInvisible } from '../typegen/identifiers.js';
import { generateTypesFromSamples } from '../typegen/samples.js';
import { bodyRequired, type EndpointTypes, type TrafficTypeOptions } from './endpoint-types.js';
import { isIntegerText, querySchema } from './query.js';

export const OPENAPI_VERSION = '3.1.0';

export interface OpenApiOptions {
  /** `info.title`. @default 'API recorded by typefetch' */
  title?: string | undefined;
  /** `info.version` (the API's version, not OpenAPI's). @default '0.0.0' */
  version?: string | undefined;
  /** `servers`: the origins the traffic went to. @default none */
  servers?: readonly string[] | undefined;
}

/** The methods OpenAPI 3.1 has an operation for: the fixed fields of a path item. */
const OPENAPI_METHODS: ReadonlySet<string> = new Set([
  'GET',
  'PUT',
  'POST',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'PATCH',
  'TRACE',
]);

/**
 * Whether OpenAPI 3.1 can describe the endpoint: a method such as `QUERY` or `PROPFIND` has no operation
 * in a path item, so such an endpoint is left out of the document (its TypeScript types are written).
 */
export function inOpenApi({ endpoint }: Pick<EndpointTypes, 'endpoint'>): boolean {
  return OPENAPI_METHODS.has(endpoint.method.toUpperCase());
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/**
 * The OpenAPI 3.1 document of `endpoints` as JSON text (two-space indent), ending with a newline. An
 * endpoint whose method OpenAPI has no operation for is left out ({@link inOpenApi}).
 */
export function emitOpenApi(endpoints: readonly EndpointTypes[], options: OpenApiOptions = {}): string {
  const schemas: JsonObject = {};
  const paths: JsonObject = {};
  const operationIds = new Set<string>();
  for (const types of endpoints) {
    if (!inOpenApi(types)) continue;
    const { endpoint, names, samples } = types;
    const components = new Map<string, string>();
    const schemaRef = (role: 'response' | 'error' | 'body'): Json => {
      let name = components.get(role);
      if (name === undefined) {
        name = addSchemas(schemas, samples[role], names[role]!, types.options);
        components.set(role, name);
      }
      return { $ref: `#/components/schemas/${name}` };
    };
    // Schemas in the order of the TypeScript file: response, error, body.
    for (const role of ['response', 'error', 'body'] as const) if (names[role] !== undefined) schemaRef(role);
    const operation: JsonObject = { operationId: operationId(types, operationIds) };
    const parameters: Json[] = [
      ...endpoint.params.map(({ name, position }) => ({
        name,
        in: 'path',
        required: true,
        schema: pathParamSchema(endpoint.exchanges.map((exchange) => exchange.segments[position]!)),
      })),
      ...types.query.map((param) => ({
        name: param.name,
        in: 'query',
        required: param.required,
        schema: querySchema(param) as Json,
      })),
    ];
    if (parameters.length > 0) operation['parameters'] = parameters;
    if (names.body !== undefined) {
      const sent = endpoint.exchanges.filter((exchange) => exchange.body !== undefined);
      operation['requestBody'] = {
        required: bodyRequired(endpoint.exchanges),
        content: content(
          sent.map((exchange) => exchange.body?.mediaType),
          schemaRef('body'),
        ),
      };
    }
    const responses: JsonObject = {};
    const statuses = [...new Set(endpoint.exchanges.map((exchange) => exchange.status))].sort(
      (a, b) => a - b,
    );
    for (const status of statuses) {
      const role = status >= 200 && status < 300 ? 'response' : status >= 400 ? 'error' : undefined;
      const response: JsonObject = { description: STATUS_CODES[status] ?? `Status ${status}` };
      // A status whose answers all came without a body (a 204) has no content.
      const bodied = endpoint.exchanges.filter((each) => each.status === status && each.empty !== true);
      if (role !== undefined && bodied.length > 0) {
        response['content'] = content(
          bodied.map((each) => each.mediaType),
          schemaRef(role),
        );
      }
      responses[String(status)] = response;
    }
    operation['responses'] = responses;
    const item = (paths[endpoint.template] ?? {}) as JsonObject;
    item[endpoint.method.toLowerCase()] = operation;
    paths[endpoint.template] = item;
  }
  const document: JsonObject = {
    openapi: OPENAPI_VERSION,
    info: { title: options.title ?? 'API recorded by typefetch', version: options.version ?? '0.0.0' },
  };
  if (options.servers !== undefined && options.servers.length > 0) {
    document['servers'] = options.servers.map((url) => ({ url: new URL(url).origin }));
  }
  document['paths'] = paths;
  if (Object.keys(schemas).length > 0) document['components'] = { schemas };
  // Keys and enum values from the traffic keep the escapes of every other output (docs/formats.md).
  return `${escapeInvisible(JSON.stringify(document, null, 2))}\n`;
}

/**
 * A `content` object: each JSON media type the exchanges had, in order of first appearance, with the one
 * schema (`application/json` for an exchange whose type is not known).
 */
function content(mediaTypes: readonly (string | undefined)[], schema: Json): JsonObject {
  const entries: JsonObject = {};
  for (const type of mediaTypes) entries[type ?? 'application/json'] = { schema };
  return entries;
}

/**
 * Adds the JSON Schema of `samples` as `schemas[name]`, its named nested objects beside it (their
 * `$defs` moved to components/schemas, every `$ref` pointed there), and returns the root's component
 * name. A name another endpoint's schemas already hold is shared when the schema is the same (two
 * endpoints typed `User` with one shape), and otherwise takes the first free number suffix (`User2`):
 * no `$ref` ever points to another endpoint's different schema (docs/traffic.md, "OpenAPI").
 */
function addSchemas(
  schemas: JsonObject,
  samples: unknown[],
  name: string,
  options: TrafficTypeOptions,
): string {
  const text = generateTypesFromSamples(samples, {
    ...options,
    name,
    format: 'json-schema',
  });
  const { $schema: _dialect, title: _title, $defs, ...root } = JSON.parse(text) as JsonObject;
  const local = new Map<string, Json>([[name, openEmptyObjects(root)]]);
  if ($defs !== undefined && $defs !== null && typeof $defs === 'object') {
    for (const [defName, schema] of Object.entries($defs)) local.set(defName, openEmptyObjects(schema));
  }
  // Each local name's component: itself when free, else the first free suffix...
  const chosen = new Map<string, string>();
  const used = new Set(Object.keys(schemas));
  for (const localName of local.keys()) {
    let component = localName;
    for (let n = 2; used.has(component); n++) component = `${localName}${n}`;
    used.add(component);
    chosen.set(localName, component);
  }
  // ...or the taken name itself when the schema there is this one (repeated: sharing one name can make
  // a schema that refers to it the same as the one already there).
  for (let changed = true; changed; ) {
    changed = false;
    for (const [localName, schema] of local) {
      if (chosen.get(localName) === localName || !Object.hasOwn(schemas, localName)) continue;
      const existing = JSON.stringify(schemas[localName]);
      if (JSON.stringify(repoint(schema, chosen)) !== existing) continue;
      chosen.set(localName, localName);
      changed = true;
    }
  }
  for (const [localName, schema] of local) {
    const component = chosen.get(localName)!;
    if (!Object.hasOwn(schemas, component)) schemas[component] = repoint(schema, chosen);
  }
  return chosen.get(name)!;
}

/**
 * A schema with every object schema that names no member (an empty object was seen: typed
 * `Record<string, unknown>`) saying `additionalProperties: true`, as JSON Schema already means it:
 * OpenAPI tools read a bare `{ "type": "object" }` as an object with no member (openapi-typescript:
 * `Record<string, never>`), which no body with a key would fit.
 */
function openEmptyObjects(value: Json): Json {
  if (Array.isArray(value)) return value.map(openEmptyObjects);
  if (value === null || typeof value !== 'object') return value;
  // No prototype: a `__proto__` property name stays a plain key.
  const out: JsonObject = Object.create(null) as JsonObject;
  for (const [key, member] of Object.entries(value)) out[key] = openEmptyObjects(member);
  const open = ['properties', 'additionalProperties', 'patternProperties'].every(
    (key) => !Object.hasOwn(out, key),
  );
  if (out['type'] === 'object' && open) out['additionalProperties'] = true;
  return out;
}

/** A schema with every `$ref` to `#/$defs/<name>` pointed to `#/components/schemas/<its component>`. */
function repoint(value: Json, components: ReadonlyMap<string, string>): Json {
  if (Array.isArray(value)) return value.map((item) => repoint(item, components));
  if (value === null || typeof value !== 'object') return value;
  // No prototype: a `__proto__` property name stays a plain key.
  const out: JsonObject = Object.create(null) as JsonObject;
  for (const [key, member] of Object.entries(value)) {
    out[key] =
      key === '$ref' && typeof member === 'string'
        ? member.replace(
            /^#\/\$defs\/(.*)$/,
            (_, defName: string) => `#/components/schemas/${components.get(defName) ?? defName}`,
          )
        : repoint(member, components);
  }
  return out;
}

/** `integer` when every value seen was one as a number writes it (not `02134`), else `string`. */
function pathParamSchema(values: readonly string[]): Json {
  return { type: values.every(isIntegerText) ? 'integer' : 'string' };
}

/**
 * The endpoint's name in camelCase, each word's case kept: `GetUsersUserId` -> `getUsersUserId` (a
 * config endpoint `user-profiles` -> `userProfiles`). OpenAPI wants it unique, and two names can be one
 * (`get-a-b-2` and `get-a-b2` are both `GetAB2`): one already in `used` gets the first free number
 * (`getAB22`).
 */
function operationId({ name }: EndpointTypes, used: Set<string>): string {
  const base = name
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word, i) => (i === 0 ? word.charAt(0).toLowerCase() : word.charAt(0).toUpperCase()) + word.slice(1))
    .join('');
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}${n}`;
  used.add(id);
  return id;
}
