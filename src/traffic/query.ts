// The query type of an endpoint, from every query string seen. Query values are text on the wire; the
// type says what they held: all numbers -> number, all `true`/`false` -> boolean, else string, and an
// array when one request repeated the name (`?tag=a&tag=b`, as the client sends arrays). docs/traffic.md.
import { isSecretName } from '../client/logging/redact.js';
import { escapeInvisible, isIdentifierName } from '../typegen/identifiers.js';
import type { Exchange } from './har.js';

export type QueryScalar = 'integer' | 'number' | 'boolean' | 'string';

/** One query parameter as seen across an endpoint's requests. */
export interface QueryParam {
  readonly name: string;
  readonly type: QueryScalar;
  /** Repeated within one request at least once. */
  readonly array: boolean;
  /**
   * Present in every request, and not a secret: a credential in the query (`access_token`) is optional,
   * since a client usually adds it in one place (an interceptor) rather than in every call.
   */
  readonly required: boolean;
}

/** The query parameters of `exchanges`, in order of first appearance; empty when none had a query. */
export function queryParams(exchanges: readonly Exchange[]): QueryParam[] {
  const seen = new Map<string, { values: string[]; array: boolean; count: number }>();
  for (const exchange of exchanges) {
    const perRequest = new Map<string, number>();
    for (const [name] of exchange.query) perRequest.set(name, (perRequest.get(name) ?? 0) + 1);
    for (const [name, value] of exchange.query) {
      const entry = seen.get(name) ?? { values: [], array: false, count: 0 };
      entry.values.push(value);
      seen.set(name, entry);
    }
    for (const [name, times] of perRequest) {
      const entry = seen.get(name)!;
      entry.count++;
      if (times > 1) entry.array = true;
    }
  }
  return [...seen].map(([name, { values, array, count }]) => ({
    name,
    type: scalarOf(values),
    array,
    required: count === exchanges.length && !isSecretName(name),
  }));
}

function scalarOf(values: readonly string[]): QueryScalar {
  if (values.every(isIntegerText)) return 'integer';
  // Only text a number sends back unchanged (the client sends `String(value)`): `007`, `1e3` and a 19-digit
  // id are strings, or a call with the number would send another value.
  if (values.every((value) => Number.isFinite(Number(value)) && String(Number(value)) === value)) {
    return 'number';
  }
  if (values.every((value) => value === 'true' || value === 'false')) return 'boolean';
  return 'string';
}

/**
 * Whether the text is an integer as a number is written, so that sending the number gives it back:
 * no leading zero, no sign but `-`, at most 15 digits (`02134`, `-0` and a 19-digit id are not).
 */
export function isIntegerText(value: string): boolean {
  return /^(?:0|-?[1-9]\d{0,14})$/.test(value);
}

const TS_TYPES: Record<QueryScalar, string> = {
  integer: 'number',
  number: 'number',
  boolean: 'boolean',
  string: 'string',
};

/**
 * `export interface <name> { ... }` for the parameters, ending with a newline. An optional one also takes
 * `undefined`, which the client leaves out of the URL, so that a value that may be missing can be passed
 * under `exactOptionalPropertyTypes` as without a map (docs/traffic.md, "The endpoint map").
 */
export function emitQueryType(params: readonly QueryParam[], name: string): string {
  const lines = params.map(({ name: key, type, array, required }) => {
    const value = array ? `${TS_TYPES[type]} | ${TS_TYPES[type]}[]` : TS_TYPES[type];
    return `  ${propertyKey(key)}${required ? `: ${value}` : `?: ${value} | undefined`};`;
  });
  return `export interface ${name} {\n${lines.join('\n')}\n}\n`;
}

/** The JSON Schema of one parameter's value. */
export function querySchema({ type, array }: QueryParam): Record<string, unknown> {
  const scalar = { type };
  return array ? { anyOf: [scalar, { type: 'array', items: scalar }] } : scalar;
}

/** A TypeScript property key: the name itself when it is an identifier, else a quoted string. */
export function propertyKey(name: string): string {
  return isIdentifierName(name) ? name : quote(name);
}

/**
 * A single-quoted TypeScript string literal, with the escapes of the type files' keys (line separators,
 * bidi overrides, zero-width characters: docs/type-inference.md#member-names).
 */
export function quote(text: string): string {
  const escaped = escapeInvisible(JSON.stringify(text))
    .slice(1, -1)
    .replace(/\\"/g, '"')
    .replace(/'/g, "\\'");
  return `'${escaped}'`;
}
