// The merge rules, shared by inference (each array element, each sample) and by `merge` on models:
// - a kind seen twice is kept once; `unknown` absorbs everything;
// - all objects at one position merge into one, key by key; a key some objects lack becomes optional;
// - arrays merge when their element kinds overlap, so `[[1], [2, null]]` gives `(number | null)[][]`
//   while `[[1], ["a"]]` keeps `(number[] | string[])[]`; an empty array merges with any array (the
//   non-empty element type wins) and is `unknown[]` only when no other array was seen.
// Array members of one Shape therefore have pairwise disjoint element kinds: at most one per kind bit,
// so a union never grows past a dozen members, however many values are merged.
import { formatBit } from './formats.js';
import type { TypeNode } from './model.js';
import {
  ARRAY,
  type ArrayShape,
  addArrayMember,
  addKind,
  addObjectMember,
  BOOLEAN,
  createShape,
  markUnknown,
  NULL,
  NUMBER,
  type ObjectShape,
  type Shape,
  STRING,
  toModel,
  UNDEFINED,
  UNKNOWN,
} from './shape.js';

/**
 * The array member of `shape` that an array whose elements have the kinds `elementMask` joins,
 * created when none overlaps; members that overlap each other through it are merged into the first.
 * Returns `undefined` for an empty array (`elementMask` 0) when an array member exists: it adds nothing.
 */
export function arrayMemberFor(shape: Shape, elementMask: number): ArrayShape | undefined {
  let target: ArrayShape | undefined;
  if (shape.mask & ARRAY) {
    const members = shape.members;
    for (let i = 0; i < members.length; ) {
      const member = members[i]!;
      if (typeof member === 'object' && member.kind === 'array') {
        if (elementMask === 0) return undefined;
        const mask = member.element.mask;
        if (mask === 0 || (mask & elementMask) !== 0) {
          if (target === undefined) {
            target = member;
          } else {
            mergeShapes(target.element, member.element);
            members.splice(i, 1);
            continue;
          }
        }
      }
      i++;
    }
  }
  return target ?? addArrayMember(shape);
}

/** Merges `source` into `target`. `source` is consumed: parts of it may become parts of `target`. */
export function mergeShapes(target: Shape, source: Shape): void {
  if (target.mask & UNKNOWN) return;
  if (source.mask & UNKNOWN) {
    markUnknown(target);
    return;
  }
  for (const member of source.members) {
    if (typeof member === 'number') {
      // A format survives only if both sides' strings had it.
      if (member === STRING)
        target.format = target.mask & STRING ? target.format & source.format : source.format;
      addKind(target, member);
    } else if (member.kind === 'object') {
      mergeObject(target, member);
    } else {
      const into = arrayMemberFor(target, member.element.mask);
      if (into) mergeShapes(into.element, member.element);
    }
  }
}

function mergeObject(target: Shape, source: ObjectShape): void {
  const object = target.object;
  if (object === undefined) {
    const adopted = addObjectMember(target);
    adopted.samples = source.samples;
    for (const [key, field] of source.fields) adopted.fields.set(key, field);
    return;
  }
  object.samples += source.samples;
  for (const [key, field] of source.fields) {
    const existing = object.fields.get(key);
    if (existing === undefined) {
      object.fields.set(key, field);
    } else {
      existing.present += field.present;
      mergeShapes(existing.shape, field.shape);
    }
  }
}

const PRIMITIVE_BITS = { string: STRING, number: NUMBER, boolean: BOOLEAN, null: NULL, undefined: UNDEFINED };

/** Turns a model back into a Shape, as if it were one sample. */
export function fromModel(node: TypeNode): Shape {
  const shape = createShape();
  switch (node.kind) {
    case 'unknown':
      markUnknown(shape);
      break;
    case 'array': {
      const array = addArrayMember(shape);
      if (node.element) mergeShapes(array.element, fromModel(node.element));
      break;
    }
    case 'object': {
      const object = addObjectMember(shape);
      object.samples = 1;
      for (const [key, field] of node.fields) {
        object.fields.set(key, { shape: fromModel(field.type), present: field.optional ? 0 : 1 });
      }
      break;
    }
    case 'union':
      for (const member of node.members) mergeShapes(shape, fromModel(member));
      break;
    case 'map':
      // Maps are found after merging (maps.ts), on the merged model; they never come back here.
      throw new Error('merge: a model with maps cannot be merged; merge before detecting maps');
    default:
      if (node.format !== undefined) shape.format = formatBit(node.format);
      addKind(shape, PRIMITIVE_BITS[node.kind]);
  }
  return shape;
}

/** Merges two models by the same rules as array elements (for multi-sample inference). */
export function merge(a: TypeNode, b: TypeNode): TypeNode {
  const shape = fromModel(a);
  mergeShapes(shape, fromModel(b));
  return toModel(shape);
}
