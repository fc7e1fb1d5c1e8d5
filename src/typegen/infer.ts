// Value -> model, in one pass: every value is added straight into the Shape of its position, so a
// 100,000-element array of records costs one Map lookup per key and allocates nothing per record.
// Recursion stops at `maxDepth`, so no input can overflow the stack.
import { ALL_FORMATS, stringFormats } from './formats.js';
import { arrayMemberFor } from './merge.js';
import type { TypeNode } from './model.js';
import {
  ARRAY,
  addKind,
  addObjectMember,
  BOOLEAN,
  createShape,
  markUnknown,
  NULL,
  NUMBER,
  OBJECT,
  type Shape,
  STRING,
  toModel,
  UNDEFINED,
  UNKNOWN,
} from './shape.js';

export interface InferResult {
  readonly model: TypeNode;
  /** Some value sat deeper than `maxDepth` and was typed `unknown`. */
  readonly depthLimitHit: boolean;
}

export interface InferOptions {
  /** Track the format (date, email, ...) every string at a position has. @default false */
  readonly formats?: boolean | undefined;
}

interface Context {
  readonly maxDepth: number;
  readonly formats: boolean;
  depthLimitHit: boolean;
}

/** An inference that samples can be added to one at a time (the capture helper's per-endpoint state). */
export interface Inference {
  /** Merges one more value in, like one more element of an array. */
  add(value: unknown): void;
  /** The model of everything added so far; adding more afterwards is fine. */
  result(): InferResult;
}

/**
 * Infers the model of one JSON value. The value itself is at depth 0, its members and elements at
 * depth 1, and so on; a value deeper than `maxDepth` is typed `unknown`.
 */
export function infer(value: unknown, maxDepth: number, options?: InferOptions): InferResult {
  return inferSamples([value], maxDepth, options);
}

/** Infers one model for several samples of the same endpoint, merged like the elements of an array. */
export function inferSamples(
  values: Iterable<unknown>,
  maxDepth: number,
  options?: InferOptions,
): InferResult {
  const inference = createInference(maxDepth, options);
  for (const value of values) inference.add(value);
  return inference.result();
}

export function createInference(maxDepth: number, options?: InferOptions): Inference {
  const context: Context = { maxDepth, formats: options?.formats === true, depthLimitHit: false };
  const shape = createShape();
  return {
    add: (value) => addValue(shape, value, 0, context),
    result: () => ({ model: toModel(shape), depthLimitHit: context.depthLimitHit }),
  };
}

function addValue(shape: Shape, value: unknown, depth: number, context: Context): void {
  // Once a position is unknown nothing can make it more precise, so skip the whole subtree.
  if (shape.mask & UNKNOWN) return;
  if (depth > context.maxDepth) {
    markUnknown(shape);
    context.depthLimitHit = true;
    return;
  }
  if (typeof value === 'object' && value !== null) {
    if (Array.isArray(value)) addArray(shape, value, depth, context);
    else addObject(shape, value as Readonly<Record<string, unknown>>, depth, context);
  } else {
    const bit = kindBit(value);
    if (bit === STRING && context.formats) {
      // The first string sets the candidates, each later one can only remove some.
      shape.format =
        shape.mask & STRING
          ? shape.format && stringFormats(value as string, shape.format)
          : stringFormats(value as string, ALL_FORMATS);
    }
    addKind(shape, bit);
  }
}

function addObject(
  shape: Shape,
  value: Readonly<Record<string, unknown>>,
  depth: number,
  context: Context,
): void {
  const object = shape.object ?? addObjectMember(shape);
  object.samples++;
  // Keys come from Object.keys, so reading value[key] reads that own property (`__proto__` included:
  // JSON.parse makes it an own data property); keys are only ever stored in a Map.
  for (const key of Object.keys(value)) {
    let field = object.fields.get(key);
    if (field === undefined) {
      field = { shape: createShape(), present: 0 };
      object.fields.set(key, field);
    }
    field.present++;
    addValue(field.shape, value[key], depth + 1, context);
  }
}

function addArray(shape: Shape, value: readonly unknown[], depth: number, context: Context): void {
  const length = value.length;
  // Which array member this array joins depends on its element kinds: one flat scan finds them.
  let elementMask = 0;
  if (length > 0 && depth + 1 > context.maxDepth) elementMask = UNKNOWN;
  else for (let i = 0; i < length; i++) elementMask |= kindBit(value[i]);
  const target = arrayMemberFor(shape, elementMask);
  if (target === undefined) return;
  for (let i = 0; i < length; i++) addValue(target.element, value[i], depth + 1, context);
}

function kindBit(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return STRING;
    case 'number':
      return NUMBER;
    case 'boolean':
      return BOOLEAN;
    case 'undefined':
      return UNDEFINED;
    case 'object':
      return value === null ? NULL : Array.isArray(value) ? ARRAY : OBJECT;
    default:
      throw new TypeError(`generateTypes: a ${typeof value} is not a JSON value and has no JSON type`);
  }
}
