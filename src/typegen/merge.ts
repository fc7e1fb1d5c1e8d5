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
  ENUM_MIN_COUNT,
  type ModelOptions,
  markUnknown,
  mergeValues,
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
      // A format survives only if both sides' strings had it; likewise "all integers".
      if (member === STRING) {
        target.format = target.mask & STRING ? target.format & source.format : source.format;
        mergeValues(target, source);
      } else if (member === NUMBER) {
        target.integer = target.mask & NUMBER ? target.integer && source.integer : source.integer;
      }
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
    adopted.map = source.map;
    adopted.nextCheck = source.nextCheck;
    adopted.tagKey = source.tagKey;
    adopted.variants = source.variants;
    adopted.flush = source.flush;
    for (const [key, field] of source.fields) adopted.fields.set(key, field);
    return;
  }
  mergeObjectShapes(object, source);
}

/** Merges the object `source` into `object`, key by key, or into its dictionary value. */
export function mergeObjectShapes(object: ObjectShape, source: ObjectShape): void {
  object.flush?.(object);
  source.flush?.(source);
  if (object.variants !== undefined || source.variants !== undefined) {
    if (object.variants !== undefined && source.variants !== undefined && object.tagKey === source.tagKey) {
      object.samples += source.samples;
      for (const [tag, variant] of source.variants) {
        const existing = object.variants.get(tag);
        if (existing === undefined) object.variants.set(tag, variant);
        else mergeObjectShapes(existing, variant);
      }
      return;
    }
    collapseVariants(object);
    collapseVariants(source);
  }
  object.samples += source.samples;
  if (object.map !== undefined || source.map !== undefined) {
    // The fixed members of either side stay members, unless the other side is a dictionary without that
    // member; every other key folds into the one value.
    toDictionary(object, source.fields);
    const value = object.map!;
    if (source.map !== undefined) {
      // The other dictionary may have folded this key into its value (`meta: null` there among
      // `{ id }` objects), so the member's type could not hold what that key held.
      for (const [key, field] of object.fields) {
        if (source.fields.has(key)) continue;
        mergeShapes(value, field.shape);
        object.fields.delete(key);
      }
      mergeShapes(value, source.map);
    }
    for (const [key, field] of source.fields) {
      const existing = object.fields.get(key);
      if (existing === undefined) {
        mergeShapes(value, field.shape);
      } else {
        existing.present += field.present;
        mergeShapes(existing.shape, field.shape);
      }
    }
    return;
  }
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

/**
 * Turns an object position into a dictionary: the values of all its keys merge into one Shape, except
 * those of the keys in `keep` (fixed members, docs/type-inference.md#maps), which stay members.
 */
export function toDictionary(object: ObjectShape, keep?: { has(key: string): boolean }): void {
  if (object.map !== undefined) return;
  object.flush?.(object);
  collapseVariants(object);
  const value = createShape();
  for (const [key, field] of object.fields) {
    if (keep?.has(key) === true) continue;
    mergeShapes(value, field.shape);
    object.fields.delete(key);
  }
  object.map = value;
}

/** Merges the variants of a tagged position back into one object (their tags become one string member). */
export function collapseVariants(object: ObjectShape): void {
  const variants = object.variants;
  if (variants === undefined) return;
  object.variants = undefined;
  const samples = object.samples;
  object.samples = 0;
  for (const variant of variants.values()) mergeObjectShapes(object, variant);
  object.samples = samples;
}

const PRIMITIVE_BITS = { string: STRING, number: NUMBER, boolean: BOOLEAN, null: NULL, undefined: UNDEFINED };

/** Turns a model back into a Shape, as if it were its samples. */
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
      const samples = node.samples ?? 1;
      object.samples = samples;
      for (const [key, field] of node.fields) {
        const present = field.present ?? (field.optional ? 0 : samples);
        object.fields.set(key, { shape: fromModel(field.type), present, pending: undefined });
      }
      if (node.index !== undefined) object.map = fromModel(node.index);
      break;
    }
    case 'map': {
      const object = addObjectMember(shape);
      object.samples = 1;
      object.map = fromModel(node.value);
      break;
    }
    case 'union':
      for (const member of node.members) mergeShapes(shape, fromModel(member));
      break;
    default:
      if (node.format !== undefined) shape.format = formatBit(node.format);
      if (node.literals !== undefined) {
        // Counted as often as an enum value needs, so the literals survive as long as the enum would.
        shape.values = new Map(node.literals.map((text) => [text, ENUM_MIN_COUNT]));
      } else if (node.kind === 'string') {
        shape.values = null;
      }
      if (node.integer === true) shape.integer = true;
      addKind(shape, PRIMITIVE_BITS[node.kind]);
  }
  return shape;
}

/** Merges two models by the same rules as array elements (for multi-sample inference). */
export function merge(a: TypeNode, b: TypeNode, options?: ModelOptions): TypeNode {
  const shape = fromModel(a);
  mergeShapes(shape, fromModel(b));
  return toModel(shape, options);
}
