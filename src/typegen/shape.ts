// The mutable accumulator behind inference and merging. A Shape is everything seen at one position
// of the input (one object key, or the elements of one array), kept so that adding one more value costs
// O(1) per key: kinds are bits, the one object is merged by a key map, arrays are at most a handful.
// `toModel` freezes a Shape into the immutable TypeNode model; `fromModel` (merge.ts) goes back.
import { isSecretName, looksLikeSecret } from '../client/logging/redact.js';
import { ALL_FORMATS, formatOf, stringFormats } from './formats.js';
import {
  BOOLEAN_NODE,
  type Field,
  NULL_NODE,
  NUMBER_NODE,
  type PrimitiveNode,
  STRING_NODE,
  type TypeNode,
  UNDEFINED_NODE,
  UNKNOWN_NODE,
} from './model.js';

export const STRING = 1;
export const NUMBER = 2;
export const BOOLEAN = 4;
export const NULL = 8;
export const UNDEFINED = 16;
export const OBJECT = 32;
export const ARRAY = 64;
/** Set alone: the position is `unknown` (depth limit) and nothing else is kept. */
export const UNKNOWN = 128;

/**
 * Distinct strings remembered per position (for `enums` and tag detection); past this many the
 * position is an open `string` and stops counting.
 */
export const MAX_TRACKED_VALUES = 20;
/** Strings longer than this are text, not an enum value or a tag: the position stops counting. */
export const MAX_TRACKED_LENGTH = 64;
/** `enums`: a string member becomes a literal union with 2 to this many distinct values... */
export const ENUM_MAX_VALUES = 20;
/** ...each of them seen at least this many times. */
export const ENUM_MIN_COUNT = 3;

/** A primitive kind is stored as its bit. */
export type Member = number | ObjectShape | ArrayShape;

export interface Shape {
  /** Bits of every kind present; 0 means nothing seen yet. */
  mask: number;
  /** Kinds in order of first appearance. */
  members: Member[];
  /** The single object member: all objects at one position merge into one. */
  object: ObjectShape | undefined;
  /**
   * Format bits (`formats.ts`) that every string seen here had; 0 when none is common or detection
   * is off. Meaningful only while `mask` has STRING.
   */
  format: number;
  /**
   * Each distinct string seen here with its count, in order of first appearance: `undefined` when not
   * counted (neither `enums` nor `taggedUnions`), `null` once too many or too long. Meaningful only
   * while `mask` has STRING.
   */
  values: Map<string, number> | null | undefined;
  /** Every number seen here was a safe integer (tracked only with `integers`). Meaningful only with NUMBER. */
  integer: boolean;
}

export interface ObjectShape {
  readonly kind: 'object';
  /** How many objects were merged in. */
  samples: number;
  readonly fields: Map<string, FieldShape>;
  /**
   * Set once the position is judged a dictionary: every value of every key merges in here, except the
   * keys left in `fields` (the fixed members of a dictionary with named members; usually none).
   */
  map: Shape | undefined;
  /** Distinct keys at which map detection looks next during inference (docs/type-inference.md#maps). */
  nextCheck: number;
  /** Keys added during inference that are ids or dates, and that look like data (map detection). */
  idKeys: number;
  dataKeys: number;
  /**
   * How many keys `idKeys` and `dataKeys` have counted. Keys are counted as inference adds them;
   * merges add keys without counting them, so the counts are exact while this equals `fields.size`.
   */
  counted: number;
  /** Tagged unions, first pass: the member chosen as tag at this position. */
  tagKey: string | undefined;
  /** Tagged unions, second pass: one object per tag value, in order of first appearance. */
  variants: Map<string, ObjectShape> | undefined;
  /**
   * Set while some field holds a `pending` value: infers those values into their fields. Merges call it
   * first, so a merged Shape never loses a pending value (docs/type-inference.md#maps).
   */
  flush: ((object: ObjectShape) => void) | undefined;
}

export interface FieldShape {
  readonly shape: Shape;
  /** How many of the merged objects had the key; fewer than `samples` makes it optional. */
  present: number;
  /**
   * A raw object value not inferred yet (the only value of a key first seen at a position not yet
   * judged a dictionary): inferred into `shape` if the position stays a record, or straight into the
   * dictionary's value if it becomes one, so no subtree is built only to be merged.
   */
  pending: object | undefined;
}

export interface ArrayShape {
  readonly kind: 'array';
  readonly element: Shape;
}

/** Distinct keys at which a position is first judged as a possible dictionary during inference. */
export const FIRST_MAP_CHECK = 8;

export function createShape(): Shape {
  return { mask: 0, members: [], object: undefined, format: 0, values: undefined, integer: false };
}

export function createObjectShape(): ObjectShape {
  return {
    kind: 'object',
    samples: 0,
    fields: new Map(),
    map: undefined,
    nextCheck: FIRST_MAP_CHECK,
    idKeys: 0,
    dataKeys: 0,
    counted: 0,
    tagKey: undefined,
    variants: undefined,
    flush: undefined,
  };
}

export function addKind(shape: Shape, bit: number): void {
  if ((shape.mask & bit) === 0) {
    shape.mask |= bit;
    addMember(shape, bit);
  }
}

/**
 * Appends a member. Most positions have one, so the first is a one-element array: a push onto the
 * empty array would reserve room for 17.
 */
function addMember(shape: Shape, member: Member): void {
  if (shape.members.length === 0) shape.members = [member];
  else shape.members.push(member);
}

export function markUnknown(shape: Shape): void {
  shape.mask = UNKNOWN;
  shape.members.length = 0;
  shape.object = undefined;
  shape.format = 0;
  shape.values = undefined;
  shape.integer = false;
}

export function addObjectMember(shape: Shape): ObjectShape {
  const object = createObjectShape();
  shape.object = object;
  addMember(shape, object);
  shape.mask |= OBJECT;
  return object;
}

export function addArrayMember(shape: Shape): ArrayShape {
  const array: ArrayShape = { kind: 'array', element: createShape() };
  addMember(shape, array);
  shape.mask |= ARRAY;
  return array;
}

/** Counts one more string at a position whose strings are counted. */
export function countValue(shape: Shape, text: string): void {
  const values = shape.values;
  // (Never called on counts shared with the first pass of tagged unions: see addValue.)
  if (values === null) return;
  if (values === undefined) {
    // The first string here (counting is all or nothing per inference).
    shape.values = uncountable(text) ? null : new Map([[text, 1]]);
    return;
  }
  const count = values.get(text);
  if (count !== undefined) values.set(text, count + 1);
  else if (values.size >= MAX_TRACKED_VALUES || uncountable(text)) shape.values = null;
  else values.set(text, 1);
}

/**
 * A string that makes its position an open `string`: text (longer than MAX_TRACKED_LENGTH), or a value
 * that reads as a credential, which no literal union or tag may show (docs/type-inference.md#enums-enums-true).
 * Checked once per distinct string, when it is first seen.
 */
function uncountable(text: string): boolean {
  return text.length > MAX_TRACKED_LENGTH || looksLikeSecret(text);
}

/** Merges string counts; called before `source`'s STRING bit is added to `target`. */
export function mergeValues(target: Shape, source: Shape): void {
  if ((target.mask & STRING) === 0) {
    target.values = source.values === undefined ? undefined : source.values && new Map(source.values);
    return;
  }
  const from = source.values;
  if (target.values === null || target.values === undefined || from === undefined) return;
  if (from === null) {
    target.values = null;
    return;
  }
  // A copy: the counts may be shared with the first pass of tagged unions.
  const into = new Map(target.values);
  target.values = into;
  for (const [text, count] of from) {
    const had = into.get(text);
    if (had !== undefined) into.set(text, had + count);
    else if (into.size >= MAX_TRACKED_VALUES) {
      target.values = null;
      return;
    } else into.set(text, count);
  }
}

/**
 * The string counts of a position that has `own` and gets one more string whose first-pass position had
 * `other` (tagged unions, second pass): a set holding both, so no string seen here is left out. Usually
 * one holds the other and is returned as it is; `null` when either is not counted or the union is too
 * large. Never changes either map (they may be the first pass's own counts).
 */
export function joinValues(
  own: Map<string, number> | null | undefined,
  other: Map<string, number> | null | undefined,
): Map<string, number> | null {
  if (!own || !other) return null;
  if (holds(other, own)) return other;
  if (holds(own, other)) return own;
  const joined = new Map(own);
  for (const [text, count] of other) {
    const had = joined.get(text);
    if (had === undefined) {
      if (joined.size >= MAX_TRACKED_VALUES) return null;
      joined.set(text, count);
    } else if (count > had) joined.set(text, count);
  }
  return joined;
}

function holds(outer: Map<string, number>, inner: Map<string, number>): boolean {
  if (inner.size > outer.size) return false;
  for (const text of inner.keys()) if (!outer.has(text)) return false;
  return true;
}

/** What `toModel` writes beyond the kinds. */
export interface ModelOptions {
  /** Strings with few distinct values, each seen several times, become literal unions. */
  readonly enums: boolean;
}

const NO_ENUMS: ModelOptions = { enums: false };

const PRIMITIVE_NODES = new Map<number, PrimitiveNode>([
  [STRING, STRING_NODE],
  [NUMBER, NUMBER_NODE],
  [BOOLEAN, BOOLEAN_NODE],
]);

const INTEGER_NODE: PrimitiveNode = /* @__PURE__ */ Object.freeze({ kind: 'number', integer: true });
const STRING_FORMAT_NODES = new Map<number, PrimitiveNode>();

/** The string node of a format mask, one frozen node per mask. */
function stringNode(mask: number): PrimitiveNode {
  let node = STRING_FORMAT_NODES.get(mask);
  if (node === undefined) {
    const format = formatOf(mask);
    node = format === undefined ? STRING_NODE : Object.freeze({ kind: 'string', format });
    STRING_FORMAT_NODES.set(mask, node);
  }
  return node;
}

/**
 * The literals of an enum position: 2 to ENUM_MAX_VALUES distinct strings, each seen ENUM_MIN_COUNT
 * times, none of them a date, UUID, email or URL (those are values of an open set, however often repeated).
 */
function enumLiterals(values: Map<string, number> | null | undefined): string[] | undefined {
  if (!values || values.size < 2 || values.size > ENUM_MAX_VALUES) return undefined;
  for (const [text, count] of values) {
    if (count < ENUM_MIN_COUNT || stringFormats(text, ALL_FORMATS) !== 0) return undefined;
  }
  return [...values.keys()];
}

function primitiveNode(shape: Shape, bit: number, options: ModelOptions): PrimitiveNode | undefined {
  if (bit === STRING) {
    const literals = options.enums ? enumLiterals(shape.values) : undefined;
    if (literals !== undefined) return { kind: 'string', literals };
    if (shape.format !== 0) return stringNode(shape.format);
  }
  if (bit === NUMBER && shape.integer) return INTEGER_NODE;
  return PRIMITIVE_NODES.get(bit);
}

/** Freezes a Shape into the model. Recursion is bounded by the depth limit applied when it was filled. */
export function toModel(shape: Shape, options: ModelOptions = NO_ENUMS): TypeNode {
  if (shape.mask & UNKNOWN || shape.mask === 0) return UNKNOWN_NODE;
  const members = shape.members;
  // Most positions hold one kind: its node, with no array of nodes.
  if (members.length === 1 && (shape.mask & (NULL | UNDEFINED)) === 0) {
    const member = members[0]!;
    if (typeof member === 'number') {
      const node = primitiveNode(shape, member, options);
      if (node !== undefined) return node;
    } else if (member.kind === 'array') {
      return arrayNode(member, options);
    } else if (member.variants === undefined) {
      return objectOrMapNode(member, options);
    }
  }
  const nodes: TypeNode[] = [];
  for (let i = 0; i < members.length; i++) {
    const member = members[i]!;
    if (typeof member === 'number') {
      const node = primitiveNode(shape, member, options);
      if (node) nodes.push(node);
    } else if (member.kind === 'object') {
      objectNodes(member, options, nodes);
    } else {
      nodes.push(arrayNode(member, options));
    }
  }
  // null and undefined go last whatever their order of appearance (`string | null`).
  if (shape.mask & NULL) nodes.push(NULL_NODE);
  if (shape.mask & UNDEFINED) nodes.push(UNDEFINED_NODE);
  return nodes.length === 1 ? nodes[0]! : { kind: 'union', members: nodes };
}

function arrayNode(array: ArrayShape, options: ModelOptions): TypeNode {
  const element = array.element.mask === 0 ? undefined : toModel(array.element, options);
  return { kind: 'array', element };
}

/** The node of an object position without variants: a map, or an object (with an index or not). */
function objectOrMapNode(object: ObjectShape, options: ModelOptions): TypeNode {
  if (object.map !== undefined && object.fields.size === 0) {
    return { kind: 'map', value: toModel(object.map, options) };
  }
  return objectNode(object, options);
}

function objectNodes(object: ObjectShape, options: ModelOptions, out: TypeNode[]): void {
  if (object.variants === undefined || (object.map !== undefined && object.fields.size === 0)) {
    out.push(objectOrMapNode(object, options));
    return;
  }
  const tagKey = object.tagKey!;
  const variants = [...object.variants].map(([tag, variant]) => {
    const node = objectNode(variant, options);
    const fields = new Map(node.fields);
    const field = fields.get(tagKey)!;
    fields.set(tagKey, { ...field, type: { kind: 'string', literals: [tag] } });
    return { kind: 'object', fields, samples: node.samples, index: node.index } as const;
  });
  out.push(...variants);
}

/** The model of one object (a variant's included), its tag not yet a literal. */
export function objectNode(object: ObjectShape, options: ModelOptions) {
  const fields = new Map<string, Field>();
  const samples = object.samples;
  // forEach: no iterator result per member while this code is not optimized yet (one cold pass).
  object.fields.forEach((field, key) => {
    const optional = field.present < samples || (field.shape.mask & (NULL | UNDEFINED)) !== 0;
    // Nothing inside a secret (`token: [...]`, `password: {...}`) becomes a literal either
    // (docs/type-inference.md#enums-enums-true).
    const own = options.enums && isSecretName(key) ? NO_ENUMS : options;
    fields.set(key, { type: toModel(field.shape, own), optional, present: field.present });
  });
  if (object.map !== undefined) {
    return { kind: 'object', fields, samples: object.samples, index: toModel(object.map, options) } as const;
  }
  return { kind: 'object', fields, samples: object.samples } as const;
}
