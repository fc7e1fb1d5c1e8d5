// The typed model of an inferred type: what `infer` produces, `merge` combines and `emit` prints.
// Pure data, no TypeScript text. Later emitters (zod, JSON Schema) read the same model.

/** Kinds that carry no structure. `undefined` only comes from JavaScript values, never from JSON. */
export type PrimitiveKind = 'string' | 'number' | 'boolean' | 'null' | 'undefined';

/** A type inferred from one or more JSON values. */
export type TypeNode = PrimitiveNode | UnknownNode | ArrayNode | ObjectNode | MapNode | UnionNode;

/**
 * A format every string seen at one position had (JSON Schema's format names). Documentation only:
 * the type stays `string`.
 */
export type StringFormat = 'date-time' | 'date' | 'uuid' | 'email' | 'uri';

export interface PrimitiveNode {
  readonly kind: PrimitiveKind;
  /** Only on strings, and only when format detection is on and every string seen had this format. */
  readonly format?: StringFormat | undefined;
}

/** Nothing could be inferred: the value was nested deeper than `maxDepth`. */
export interface UnknownNode {
  readonly kind: 'unknown';
}

export interface ArrayNode {
  readonly kind: 'array';
  /** The element type; `undefined` when only empty arrays were seen (emitted `unknown[]`). */
  readonly element: TypeNode | undefined;
}

/**
 * An object type. An object with no fields means only `{}` was seen; it is emitted as
 * `Record<string, unknown>`. It needs no kind of its own: merged with objects that have keys,
 * `{}` simply lacks all of them, which makes each of them optional.
 */
export interface ObjectNode {
  readonly kind: 'object';
  /** Members by JSON key, in order of first appearance. A Map, so keys like `__proto__` are plain data. */
  readonly fields: ReadonlyMap<string, Field>;
}

/**
 * An object used as a dictionary (ids or dates as keys, or many keys with one value type), emitted as
 * `Record<string, T>`. Only the map detection pass (`maps.ts`) makes it, after merging.
 */
export interface MapNode {
  readonly kind: 'map';
  /** The merged type of every value. */
  readonly value: TypeNode;
}

export interface Field {
  readonly type: TypeNode;
  /** Missing from some samples, or null/undefined in some. */
  readonly optional: boolean;
}

/**
 * Two or more alternatives, each at most once, never a union or `unknown` itself, in order of first
 * appearance except that `null` and then `undefined` come last.
 */
export interface UnionNode {
  readonly kind: 'union';
  readonly members: readonly TypeNode[];
}

export const STRING_NODE: PrimitiveNode = Object.freeze({ kind: 'string' });
export const NUMBER_NODE: PrimitiveNode = Object.freeze({ kind: 'number' });
export const BOOLEAN_NODE: PrimitiveNode = Object.freeze({ kind: 'boolean' });
export const NULL_NODE: PrimitiveNode = Object.freeze({ kind: 'null' });
export const UNDEFINED_NODE: PrimitiveNode = Object.freeze({ kind: 'undefined' });
export const UNKNOWN_NODE: UnknownNode = Object.freeze({ kind: 'unknown' });
