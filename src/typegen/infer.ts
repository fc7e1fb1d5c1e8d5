// Value -> model, in one pass: every value is added straight into the Shape of its position, so a
// 100,000-element array of records costs one Map lookup per key and allocates nothing per record.
// Recursion stops at `maxDepth`, so no input can overflow the stack. With `maps`, a position whose
// distinct keys reach a checkpoint (8, 16, 20, 32, 64, ...) is judged by the map rule at once, and a
// dictionary folds all its values into one Shape from then on: memory follows the number of distinct
// shapes, not the number of keys. With `taggedUnions` the values are read twice: the first pass picks
// the tag of each object position, the second keeps one object per tag value (docs/type-inference.md).
import { isSecretName } from '../client/logging/redact.js';
import { ALL_FORMATS, DATA_KEY_BIT, ID_KEY, keyKind, stringFormats } from './formats.js';
import {
  countKeys,
  DATA_KEY_SHARE,
  dictionaryRule,
  fixedKeys,
  MAP_MIN_KEYS,
  mayBeDictionary,
  sameKeys,
  shapeEvidence,
} from './maps.js';
import { arrayMemberFor, collapseVariants, fromModel, mergeShapes, toDictionary } from './merge.js';
import type { TypeNode } from './model.js';
import {
  ARRAY,
  type ArrayShape,
  addKind,
  addObjectMember,
  BOOLEAN,
  countValue,
  createObjectShape,
  createShape,
  FIRST_MAP_CHECK,
  type FieldShape,
  joinValues,
  MAX_TRACKED_VALUES,
  type Member,
  type ModelOptions,
  markUnknown,
  NULL,
  NUMBER,
  OBJECT,
  type ObjectShape,
  objectNode,
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
  /** Map detection already ran (inference with `maps`): the model needs no `detectMaps`. */
  readonly mapsDetected?: boolean | undefined;
}

export interface InferOptions {
  /** Track the format (date, email, ...) every string at a position has. @default false */
  readonly formats?: boolean | undefined;
  /** Fold dictionaries while reading (the same rule as `detectMaps`, applied early). @default false */
  readonly maps?: boolean | undefined;
  /** Strings with few distinct values, each seen several times, become literal unions. @default false */
  readonly enums?: boolean | undefined;
  /** Track whether every number at a position is a safe integer. @default false */
  readonly integers?: boolean | undefined;
  /** Objects split by a string tag into different shapes become a union of variants. @default false */
  readonly taggedUnions?: boolean | undefined;
}

interface Context {
  readonly maxDepth: number;
  readonly formats: boolean;
  readonly maps: boolean;
  /** Count distinct strings (for enums and tags). */
  readonly values: boolean;
  readonly integers: boolean;
  /** Second pass of tagged unions: string counts come from the first pass. */
  readonly guided: boolean;
  /**
   * Keep the object value of a key first seen at a position not yet judged as a reference, inferred
   * once the position is judged (`maps` without `taggedUnions`; docs/type-inference.md#maps).
   */
  readonly defer: boolean;
  /** for...in lists exactly the own keys of plain objects (nothing enumerable on Object.prototype). */
  readonly plain: boolean;
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
  const enums = options?.enums === true;
  const tagged = options?.taggedUnions === true;
  const context = (guided: boolean): Context => ({
    guided,
    maxDepth,
    formats: options?.formats === true,
    maps: options?.maps === true,
    values: enums || tagged,
    integers: options?.integers === true,
    defer: options?.maps === true && !tagged,
    plain: plainObjectsEnumerateOwnKeys(),
    depthLimitHit: false,
  });
  const modelOptions: ModelOptions = { enums };
  const first = context(false);
  const shape = createShape();
  const maps = first.maps;
  const finish = (done: Shape): InferResult => {
    if (!maps) return { model: toModel(done, modelOptions), depthLimitHit: first.depthLimitHit };
    finalMaps(done, 0, first);
    return { model: toModel(done, modelOptions), depthLimitHit: first.depthLimitHit, mapsDetected: true };
  };
  if (!tagged) {
    return {
      add: (value) => addValue(shape, value, 0, first, undefined),
      result: () => finish(shape),
    };
  }
  // Tagged unions need every value twice: the references are kept (not copies).
  const values: unknown[] = [];
  return {
    add: (value) => {
      values.push(value);
      addValue(shape, value, 0, first, undefined);
    },
    result: () => {
      chooseTags(shape);
      const second = context(true);
      const split = createShape();
      for (const value of values) addValue(split, value, 0, second, shape);
      settleVariants(split, modelOptions, shape);
      return finish(split);
    },
  };
}

function addValue(
  shape: Shape,
  value: unknown,
  depth: number,
  context: Context,
  guide: Shape | undefined,
): void {
  // Once a position is unknown nothing can make it more precise, so skip the whole subtree.
  if (shape.mask & UNKNOWN) return;
  if (depth > context.maxDepth) {
    markUnknown(shape);
    context.depthLimitHit = true;
    return;
  }
  if (typeof value === 'object' && value !== null) {
    if (Array.isArray(value)) addArray(shape, value, depth, context, guide);
    else addObject(shape, value as Readonly<Record<string, unknown>>, depth, context, guide);
    return;
  }
  const bit = kindBit(value);
  if (bit === STRING) {
    if (context.formats) {
      // The first string sets the candidates, each later one can only remove some.
      shape.format =
        shape.mask & STRING
          ? shape.format && stringFormats(value as string, shape.format)
          : stringFormats(value as string, ALL_FORMATS);
    }
    // Second pass of tagged unions: a variant's strings are judged with all the strings seen at this
    // position, so an enum stays one enum across the variants (sound: a superset of the variant's own).
    // A string the first pass did not place (no guide) leaves the position an open string. A position
    // fed from several first-pass positions (a variant that alone became a dictionary) joins their counts.
    if (context.guided) {
      const values = guide?.values ?? null;
      if (shape.values !== values)
        shape.values = shape.mask & STRING ? joinValues(shape.values, values) : values;
    } else if (context.values) countValue(shape, value as string);
  } else if (context.integers && bit === NUMBER) {
    // The option is tested before the kind, so every non-string value reads it and the optimized code
    // already has it when the first number comes, late in some documents (docs/type-inference.md#performance).
    const integer = Number.isSafeInteger(value);
    shape.integer = shape.mask & NUMBER ? shape.integer && integer : integer;
  }
  addKind(shape, bit);
}

function addObject(
  shape: Shape,
  value: Readonly<Record<string, unknown>>,
  depth: number,
  context: Context,
  guide: Shape | undefined,
): void {
  let object = shape.object ?? addObjectMember(shape);
  object.samples++;
  const guideObject = guide?.object;
  const tagKey = guideObject?.tagKey;
  if ((tagKey !== undefined || object.variants !== undefined) && object.map === undefined) {
    object = variantOf(object, value, tagKey);
  }
  // A plain object's keys are read with for...in, which allocates no key array (a 20 MB document
  // has hundreds of thousands of objects); any other object's with Object.keys, so inherited
  // enumerable properties are never read (docs/type-inference.md#performance). Either way value[key] reads an own property (`__proto__`
  // included: JSON.parse makes it an own data property); keys are only ever stored in a Map.
  if (context.plain && isPlain(value)) {
    for (const key in value) addMember(object, key, value[key], depth, context, guideObject);
  } else {
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      addMember(object, key, value[key], depth, context, guideObject);
    }
  }
}

/**
 * Second pass of tagged unions: the object that `value` joins at a position whose first-pass position
 * chose `tagKey` (if any): the variant of its tag, or the position's one object. Objects of first-pass
 * positions with different tags, or none, can meet at one position (the value of a dictionary that only
 * a variant became): its variants then merge back into one object, as merging two such positions does.
 */
function variantOf(
  object: ObjectShape,
  value: Readonly<Record<string, unknown>>,
  tagKey: string | undefined,
): ObjectShape {
  const tag = tagKey === undefined ? undefined : value[tagKey];
  if (typeof tag !== 'string' || (object.variants !== undefined && object.tagKey !== tagKey)) {
    if (object.variants !== undefined) {
      collapseVariants(object);
      object.tagKey = undefined;
    }
    return object;
  }
  if (object.variants === undefined && object.fields.size > 0) return object;
  object.tagKey = tagKey;
  object.variants ??= new Map();
  let variant = object.variants.get(tag);
  if (variant === undefined) {
    variant = createObjectShape();
    object.variants.set(tag, variant);
  }
  variant.samples++;
  return variant;
}

/** Adds the value of one key of an object at `object`: to its member, or to the dictionary's value. */
function addMember(
  object: ObjectShape,
  key: string,
  item: unknown,
  depth: number,
  context: Context,
  guideObject: ObjectShape | undefined,
): void {
  const map = object.map;
  if (map === undefined) {
    const field = object.fields.get(key);
    if (field === undefined) {
      addField(object, key, item, depth, context, guideObject);
      return;
    }
    field.present++;
    if (field.pending !== undefined) flushField(field, depth, context);
    addValue(field.shape, item, depth + 1, context, fieldGuide(guideObject, key));
    return;
  }
  // A dictionary with named members (usually none) still looks each key up among them.
  const field = object.fields.size > 0 ? object.fields.get(key) : undefined;
  if (field === undefined) {
    addValue(map, item, depth + 1, context, fieldGuide(guideObject, key));
  } else {
    field.present++;
    addValue(field.shape, item, depth + 1, context, fieldGuide(guideObject, key));
  }
}

/**
 * Adds a key not seen before at a record position. Its own function, called for a few percent of the
 * keys, so that the optimizing compiler does not inline it into `addMember`: V8 later moves the
 * allocations made here to the old generation, and the code that inlined them would be thrown away
 * (docs/type-inference.md#performance).
 */
function addField(
  object: ObjectShape,
  key: string,
  item: unknown,
  depth: number,
  context: Context,
  guideObject: ObjectShape | undefined,
): void {
  const field: FieldShape = { shape: createShape(), present: 1, pending: undefined };
  object.fields.set(key, field);
  // A secret's values (`token`, `password`, ...) are never counted: no literal union or tag shows them
  // (docs/type-inference.md#enums-enums-true).
  if (context.values && isSecretName(key)) field.shape.values = null;
  if (context.defer && depth < context.maxDepth && deferrable(item)) {
    field.pending = item;
    object.flush ??= flusher(depth, context);
  } else {
    addValue(field.shape, item, depth + 1, context, fieldGuide(guideObject, key));
  }
  if (context.maps) checkDictionary(object, key, depth, context);
}

/** An object whose for...in keys are exactly its own keys (given `Context.plain`). */
function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** True when Object.prototype has no enumerable property, so for...in on a plain object lists only its own keys. */
function plainObjectsEnumerateOwnKeys(): boolean {
  for (const _ in Object.prototype) return false;
  return true;
}

/** Map detection during inference, at the checkpoints of distinct keys (8, 16, 20, 32, 64, ...). */
function checkDictionary(object: ObjectShape, key: string, depth: number, context: Context): void {
  const kind = keyKind(key);
  // Both counters change on every key (by 0 or 1): the first id key can come late in a document, and
  // code compiled before it would be thrown away (docs/type-inference.md#performance).
  object.idKeys += kind & ID_KEY ? 1 : 0;
  object.dataKeys += kind & DATA_KEY_BIT ? 1 : 0;
  object.counted++;
  const size = object.fields.size;
  if (size < object.nextCheck) return;
  object.nextCheck = size === 16 ? 20 : size === 20 ? 32 : size * 2;
  judge(object, depth, context);
}

/** Applies the map rule to an object position: a dictionary, with or without named members, or a record. */
function judge(object: ObjectShape, depth: number, context: Context): void {
  if (!mayBeDictionary(object.fields.size, object.samples, object.idKeys, object.dataKeys)) return;
  const evidence = shapeEvidence(object, object.idKeys, object.dataKeys);
  const rule = dictionaryRule(evidence);
  if (rule === 0) return;
  const fixed = fixedKeys(rule, evidence);
  if (object.flush === undefined) toDictionary(object, fixed);
  else pendingToDictionary(object, fixed, depth, context);
}

/**
 * `toDictionary` for a position with pending values: each goes straight into the dictionary's value
 * (a fixed member's into its own Shape), in the order of the keys, as if it had been merged there.
 */
function pendingToDictionary(
  object: ObjectShape,
  keep: ReadonlySet<string> | undefined,
  depth: number,
  context: Context,
): void {
  object.flush = undefined;
  const value = createShape();
  for (const [key, field] of object.fields) {
    if (keep?.has(key) === true) {
      if (field.pending !== undefined) flushField(field, depth, context);
      continue;
    }
    if (field.pending === undefined) mergeShapes(value, field.shape);
    else addValue(value, field.pending, depth + 1, context, undefined);
    object.fields.delete(key);
  }
  object.map = value;
}

/**
 * Whether a value can wait as a reference: an object with keys that its own inference would not judge
 * a dictionary (with one sample, only rules 1 and 2 can hold before 20 keys, at 8 and 16 keys), so the
 * map rule reads the same evidence from its keys as from its Shape.
 */
function deferrable(value: unknown): value is object {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const count = keys.length;
  if (count === 0 || count >= MAP_MIN_KEYS) return false;
  if (count < FIRST_MAP_CHECK) return true;
  let idKeys = 0;
  let dataKeys = 0;
  for (let i = 0; i < count; i++) {
    const kind = keyKind(keys[i]!);
    idKeys += kind & ID_KEY ? 1 : 0;
    dataKeys += kind & DATA_KEY_BIT ? 1 : 0;
    const seen = i + 1;
    if ((seen === FIRST_MAP_CHECK || seen === 16) && (idKeys === seen || dataKeys >= DATA_KEY_SHARE * seen)) {
      return false;
    }
  }
  return true;
}

function flushField(field: FieldShape, depth: number, context: Context): void {
  const value = field.pending;
  field.pending = undefined;
  addValue(field.shape, value, depth + 1, context, undefined);
}

/** Infers the pending values of an object position into their fields (it stays a record, or is merged). */
function flusher(depth: number, context: Context): (object: ObjectShape) => void {
  return (object) => {
    object.flush = undefined;
    for (const field of object.fields.values()) {
      if (field.pending !== undefined) flushField(field, depth, context);
    }
  };
}

/**
 * The map rule once more on every position, top-down, with the final counts: positions that never
 * reached a checkpoint, and those whose objects kept coming after the last one.
 */
function finalMaps(shape: Shape, depth: number, context: Context): void {
  const members = shape.members;
  for (let i = 0; i < members.length; i++) {
    const member = members[i]!;
    if (typeof member !== 'object') continue;
    if (member.kind === 'array') {
      finalMaps(member.element, depth + 1, context);
      continue;
    }
    finalObject(member, depth, context);
  }
}

function finalObject(object: ObjectShape, depth: number, context: Context): void {
  if (object.variants !== undefined) {
    for (const variant of object.variants.values()) finalObject(variant, depth, context);
    return;
  }
  if (object.map === undefined) {
    if (object.counted !== object.fields.size) countKeys(object);
    judge(object, depth, context);
  }
  object.flush?.(object);
  if (object.map !== undefined) finalMaps(object.map, depth + 1, context);
  object.fields.forEach((field) => {
    finalMaps(field.shape, depth + 1, context);
  });
}

function fieldGuide(guide: ObjectShape | undefined, key: string): Shape | undefined {
  if (guide === undefined) return undefined;
  return guide.fields.get(key)?.shape ?? guide.map;
}

function addArray(
  shape: Shape,
  value: readonly unknown[],
  depth: number,
  context: Context,
  guide: Shape | undefined,
): void {
  const length = value.length;
  // Which array member this array joins depends on its element kinds: one flat scan finds them.
  let elementMask = 0;
  if (length > 0 && depth + 1 > context.maxDepth) elementMask = UNKNOWN;
  else for (let i = 0; i < length; i++) elementMask |= kindBit(value[i]);
  const target = arrayMemberFor(shape, elementMask);
  if (target === undefined) return;
  const elementGuide = guide === undefined ? undefined : arrayGuide(guide, elementMask);
  for (let i = 0; i < length; i++) addValue(target.element, value[i], depth + 1, context, elementGuide);
}

/** The element Shape of the first pass that an array with these element kinds went into. */
function arrayGuide(guide: Shape, elementMask: number): Shape | undefined {
  if ((guide.mask & ARRAY) === 0) return undefined;
  for (const member of guide.members) {
    if (typeof member === 'object' && member.kind === 'array' && member.element.mask & elementMask) {
      return member.element;
    }
  }
  return undefined;
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

/** Conventional tag names, preferred when several members could be the tag. */
const TAG_NAMES = ['type', 'kind', '__typename', 'event', 'tag', 'object'];

/**
 * First pass of tagged unions: at each object position, the tag is a member every object has, always a
 * string, with 2 to MAX_TRACKED_VALUES distinct values, some repeated (so not an id). A conventional
 * name wins, else the first such member.
 */
function chooseTags(shape: Shape): void {
  for (const member of shape.members) {
    if (typeof member !== 'object') continue;
    if (member.kind === 'array') {
      chooseTags(member.element);
      continue;
    }
    if (member.map !== undefined) {
      chooseTags(member.map);
      for (const field of member.fields.values()) chooseTags(field.shape);
      continue;
    }
    let chosen: string | undefined;
    for (const [key, field] of member.fields) {
      const values = field.shape.values;
      if (
        field.present === member.samples &&
        field.shape.mask === STRING &&
        values instanceof Map &&
        values.size >= 2 &&
        values.size <= MAX_TRACKED_VALUES &&
        values.size < member.samples &&
        (chosen === undefined || (TAG_NAMES.includes(key) && !TAG_NAMES.includes(chosen)))
      ) {
        chosen = key;
      }
    }
    member.tagKey = chosen;
    for (const field of member.fields.values()) chooseTags(field.shape);
  }
}

/**
 * Second pass of tagged unions: variants that all have the same keys at every depth (the tag left
 * aside; optional or null members do not count) are merged back into one object; only a tag that splits
 * the objects into different shapes makes a union. `guide` is the first pass's Shape at the same
 * position, which gives a merged object back the order of first appearance.
 */
function settleVariants(shape: Shape, options: ModelOptions, guide: Shape | undefined): void {
  for (const member of shape.members) {
    if (typeof member !== 'object') continue;
    if (member.kind === 'array') {
      settleVariants(member.element, options, guide && arrayGuide(guide, member.element.mask));
      continue;
    }
    settleObject(member, options, guide?.object);
  }
}

function settleObject(object: ObjectShape, options: ModelOptions, guide: ObjectShape | undefined): void {
  if (object.map !== undefined) {
    settleVariants(object.map, options, guide?.map);
    object.fields.forEach((field, key) => {
      settleVariants(field.shape, options, fieldGuide(guide, key));
    });
    return;
  }
  if (object.variants === undefined) {
    object.fields.forEach((field, key) => {
      settleVariants(field.shape, options, fieldGuide(guide, key));
    });
    return;
  }
  for (const variant of object.variants.values()) settleObject(variant, options, guide);
  const models = [...object.variants.values()].map((variant) => objectNode(variant, options));
  const first = models[0]!;
  if (
    models.length < 2 ||
    models.every((model) => sameKeys(first, model, object.tagKey)) ||
    !explainsShapes(models, options)
  ) {
    collapseVariants(object);
    object.tagKey = undefined;
    orderObjectLike(object, guide);
  }
}

/**
 * Merged back, the variants list members and kinds tag by tag; the first pass read the same objects in
 * document order, so its Shape orders them as without the option (docs/type-inference.md#layout). Kept
 * variants below keep their own order.
 */
function orderObjectLike(object: ObjectShape, guide: ObjectShape | undefined): void {
  if (guide === undefined || object.variants !== undefined) return;
  if (object.map === undefined && object.fields.size > 1) {
    const order = new Map<string, number>();
    for (const key of guide.fields.keys()) order.set(key, order.size);
    const rank = (key: string): number => order.get(key) ?? order.size;
    const entries = [...object.fields].sort(([a], [b]) => rank(a) - rank(b));
    object.fields.clear();
    for (const [key, field] of entries) object.fields.set(key, field);
  }
  object.fields.forEach((field, key) => {
    orderShapeLike(field.shape, fieldGuide(guide, key));
  });
  if (object.map !== undefined) orderShapeLike(object.map, guide.map);
}

function orderShapeLike(shape: Shape, guide: Shape | undefined): void {
  if (guide === undefined) return;
  if (shape.members.length > 1) {
    const rank = (member: Member): number => {
      const index = guide.members.findIndex((known) =>
        typeof member === 'number' || typeof known === 'number'
          ? known === member
          : known.kind === member.kind &&
            (member.kind === 'object' ||
              member.element.mask === 0 ||
              (member.element.mask & (known as ArrayShape).element.mask) !== 0),
      );
      return index < 0 ? guide.members.length : index;
    };
    shape.members.sort((a, b) => rank(a) - rank(b));
  }
  for (const member of shape.members) {
    if (typeof member === 'number') continue;
    if (member.kind === 'array') orderShapeLike(member.element, arrayGuide(guide, member.element.mask));
    else orderObjectLike(member, guide.object);
  }
}

/**
 * A tag explains the shapes when the variants together have fewer optional members (at any depth)
 * than the one object they would merge into: GitHub's event `type` does (each payload's members are
 * always there for its type), a country's `status` does not (the optional members stay optional).
 */
function explainsShapes(models: readonly TypeNode[], options: ModelOptions): boolean {
  const merged = createShape();
  for (const model of models) mergeShapes(merged, fromModel(model));
  let split = 0;
  for (const model of models) split += optionalMembers(model);
  return split < optionalMembers(toModel(merged, options));
}

function optionalMembers(node: TypeNode): number {
  switch (node.kind) {
    case 'object': {
      let count = 0;
      for (const field of node.fields.values())
        count += (field.optional ? 1 : 0) + optionalMembers(field.type);
      return count;
    }
    case 'array':
      return node.element === undefined ? 0 : optionalMembers(node.element);
    case 'map':
      return optionalMembers(node.value);
    case 'union':
      return node.members.reduce((count, member) => count + optionalMembers(member), 0);
    default:
      return 0;
  }
}
