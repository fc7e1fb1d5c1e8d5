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
  /**
   * Only on strings: the type is the union of these literals (`enums`, or the tag of a tagged-union
   * variant), in order of first appearance. Never empty.
   */
  readonly literals?: readonly string[] | undefined;
  /** Only on numbers, and only with `integers`: every number seen was a safe integer. */
  readonly integer?: boolean | undefined;
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
  /** How many objects were merged into this one (map detection reads it); 1 when unknown. */
  readonly samples?: number | undefined;
  /**
   * The type of every other key's value: a dictionary that keeps a few named members (fixed members
   * plus an index signature, docs/type-inference.md#maps). Only on objects with at least one field.
   */
  readonly index?: TypeNode | undefined;
}

/**
 * An object used as a dictionary (docs/type-inference.md#maps), emitted as `Record<string, T>`. Made by
 * map detection (`maps.ts`), on the merged model or, for large inputs, already during inference.
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
  /** How many of the object's samples had the key (map detection reads it); unknown when absent. */
  readonly present?: number | undefined;
}

/**
 * Two or more alternatives, each kind at most once, never a union or `unknown` itself, in order of first
 * appearance except that `null` and then `undefined` come last. The one exception to "each kind once":
 * the variants of a tagged union (`taggedUnions`) are several objects, each with its literal tag.
 */
export interface UnionNode {
  readonly kind: 'union';
  readonly members: readonly TypeNode[];
}

export const STRING_NODE: PrimitiveNode = /* @__PURE__ */ Object.freeze({ kind: 'string' });
export const NUMBER_NODE: PrimitiveNode = /* @__PURE__ */ Object.freeze({ kind: 'number' });
export const BOOLEAN_NODE: PrimitiveNode = /* @__PURE__ */ Object.freeze({ kind: 'boolean' });
export const NULL_NODE: PrimitiveNode = /* @__PURE__ */ Object.freeze({ kind: 'null' });
export const UNDEFINED_NODE: PrimitiveNode = /* @__PURE__ */ Object.freeze({ kind: 'undefined' });
export const UNKNOWN_NODE: UnknownNode = /* @__PURE__ */ Object.freeze({ kind: 'unknown' });

/** The literals of a string literal union, or `undefined` for any other node. */
export function literalsOf(node: TypeNode): readonly string[] | undefined {
  return node.kind === 'string' ? node.literals : undefined;
}

/** True for a number node that was always a safe integer (`integers`). */
export function isInteger(node: TypeNode): boolean {
  return node.kind === 'number' && node.integer === true;
}
