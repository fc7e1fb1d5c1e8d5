// The mutable accumulator behind inference and merging. A Shape is everything seen at one position
// of the input (one object key, or the elements of one array), kept so that adding one more value costs
// O(1) per key: kinds are bits, the one object is merged by a key map, arrays are at most a handful.
// `toModel` freezes a Shape into the immutable TypeNode model; `fromModel` goes back.
import { formatOf } from './formats.js';
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
}

export interface ObjectShape {
  readonly kind: 'object';
  /** How many objects were merged in. */
  samples: number;
  readonly fields: Map<string, FieldShape>;
}

export interface FieldShape {
  readonly shape: Shape;
  /** How many of the merged objects had the key; fewer than `samples` makes it optional. */
  present: number;
}

export interface ArrayShape {
  readonly kind: 'array';
  readonly element: Shape;
}

export function createShape(): Shape {
  return { mask: 0, members: [], object: undefined, format: 0 };
}

export function addKind(shape: Shape, bit: number): void {
  if ((shape.mask & bit) === 0) {
    shape.mask |= bit;
    shape.members.push(bit);
  }
}

export function markUnknown(shape: Shape): void {
  shape.mask = UNKNOWN;
  shape.members.length = 0;
  shape.object = undefined;
  shape.format = 0;
}

export function addObjectMember(shape: Shape): ObjectShape {
  const object: ObjectShape = { kind: 'object', samples: 0, fields: new Map() };
  shape.object = object;
  shape.members.push(object);
  shape.mask |= OBJECT;
  return object;
}

export function addArrayMember(shape: Shape): ArrayShape {
  const array: ArrayShape = { kind: 'array', element: createShape() };
  shape.members.push(array);
  shape.mask |= ARRAY;
  return array;
}

const PRIMITIVE_NODES = new Map<number, PrimitiveNode>([
  [STRING, STRING_NODE],
  [NUMBER, NUMBER_NODE],
  [BOOLEAN, BOOLEAN_NODE],
]);

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

/** Freezes a Shape into the model. Recursion is bounded by the depth limit applied when it was filled. */
export function toModel(shape: Shape): TypeNode {
  if (shape.mask & UNKNOWN || shape.mask === 0) return UNKNOWN_NODE;
  const nodes: TypeNode[] = [];
  for (const member of shape.members) {
    if (typeof member === 'number') {
      const node =
        member === STRING && shape.format !== 0 ? stringNode(shape.format) : PRIMITIVE_NODES.get(member);
      if (node) nodes.push(node);
    } else if (member.kind === 'object') {
      const fields = new Map<string, Field>();
      for (const [key, field] of member.fields) {
        const optional = field.present < member.samples || (field.shape.mask & (NULL | UNDEFINED)) !== 0;
        fields.set(key, { type: toModel(field.shape), optional });
      }
      nodes.push({ kind: 'object', fields });
    } else {
      nodes.push({ kind: 'array', element: member.element.mask === 0 ? undefined : toModel(member.element) });
    }
  }
  // null and undefined go last whatever their order of appearance (`string | null`).
  if (shape.mask & NULL) nodes.push(NULL_NODE);
  if (shape.mask & UNDEFINED) nodes.push(UNDEFINED_NODE);
  return nodes.length === 1 ? nodes[0]! : { kind: 'union', members: nodes };
}
