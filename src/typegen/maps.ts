// Map detection: an object used as a dictionary becomes `Record<string, T>` instead of one member per
// key. The rule (docs/type-inference.md#maps) reads three things: the look of the keys, the kinds of
// the values, and, across the objects merged at one position, how much their key sets differ. It runs
// on the merged model, top-down, so the objects of every sample at one position are judged together;
// during inference (`inferMaps` in infer.ts) the same rule already folds large dictionaries as they
// are read, so a 100 MB document of dictionaries never holds one member per key.
import { DATA_KEY_BIT, ID_KEY, keyKind } from './formats.js';
import { fromModel, mergeShapes } from './merge.js';
import type { Field, MapNode, ObjectNode, TypeNode } from './model.js';
import {
  ARRAY,
  BOOLEAN,
  createShape,
  type ModelOptions,
  NULL,
  NUMBER,
  OBJECT,
  type ObjectShape,
  STRING,
  toModel,
  UNDEFINED,
  UNKNOWN,
} from './shape.js';

/** Fewest keys for the "many keys in one object, one value type" rule. */
export const MAP_MIN_KEYS = 20;
/** Fewest distinct keys for the "key sets differ from object to object" rule. */
export const SPARSE_MIN_KEYS = 8;
/** ...where an average key is present in at most this share of the objects. */
export const SPARSE_MAX_SHARE = 0.25;
/** Share of keys that must look like data (versions, MIME types, ...) for the key-look rule. */
export const DATA_KEY_SHARE = 0.8;
/** Objects "overlap" when one key is in at least this share of them. */
export const OVERLAP_SHARE = 0.5;
/**
 * A dictionary of objects keeps as named members the keys whose value lacks the key most values share
 * (MDN's `__compat` beside sub-features that each have a `__compat`), when they are at most this share
 * of its keys; else it is a plain dictionary.
 */
export const FIXED_MAX_SHARE = 0.2;

/** What the rule reads about one object position, from a Shape or from a model node. */
export interface DictionaryEvidence {
  /** Distinct keys. */
  readonly keys: number;
  /** Objects merged at this position. */
  readonly samples: number;
  /** Sum over the keys of how many objects had each. */
  readonly presentTotal: number;
  /** Keys that are ids or dates. */
  readonly idKeys: number;
  /** Keys that look like data (`isDataKey`), ids and dates included. */
  readonly dataKeys: number;
  /** Kind bits of all values, null and undefined left out. */
  readonly valueKinds: number;
  /** Whether the values, all objects, overlap: one key in at least half of those that have keys. */
  readonly overlap: () => boolean;
  /** Each key whose value is (or holds) an object, with that object's keys (a dictionary's: one sentinel key). */
  readonly valueObjects: () => Iterable<readonly [string, KeySet]>;
}

/** The keys of a value object: its members, or one sentinel key for a dictionary. */
export interface KeySet {
  has(key: string): boolean;
  keys(): Iterable<string>;
}

/**
 * True when the position is a dictionary. Rules, first match wins:
 * 1. every key is an id or a date;
 * 2. at least {@link DATA_KEY_SHARE} of the keys look like data (versions, MIME types, paths, URLs,
 *    emails, locales, ids, dates), whatever the values;
 * 3. at least {@link MAP_MIN_KEYS} keys whose values are all arrays, or all objects that overlap;
 * 4. at least {@link SPARSE_MIN_KEYS} distinct keys over two or more objects, each key present in at
 *    most {@link SPARSE_MAX_SHARE} of them on average, and values of one kind (all strings, all
 *    numbers, all booleans, all arrays or all objects).
 * Records stay records: their keys are words, their values mix kinds, and their key sets repeat.
 */
export function isDictionary(evidence: DictionaryEvidence): boolean {
  return dictionaryRule(evidence) !== 0;
}

/** The first rule of {@link isDictionary} that holds (1 to 4), or 0 when the position is a record. */
export function dictionaryRule(evidence: DictionaryEvidence): 0 | 1 | 2 | 3 | 4 {
  const { keys, samples } = evidence;
  if (keys === 0) return 0;
  if (evidence.idKeys === keys) return 1;
  if (evidence.dataKeys >= DATA_KEY_SHARE * keys) return 2;
  const kinds = evidence.valueKinds;
  if (keys >= MAP_MIN_KEYS && (kinds === ARRAY || (kinds === OBJECT && evidence.overlap()))) return 3;
  return samples >= 2 &&
    keys >= SPARSE_MIN_KEYS &&
    evidence.presentTotal <= SPARSE_MAX_SHARE * keys * samples &&
    ONE_KIND.has(kinds)
    ? 4
    : 0;
}

/**
 * False when {@link dictionaryRule} is 0 whatever the values hold: keys that are neither ids nor data,
 * too few for rule 3, and too few (or one sample) for rule 4. Read before the evidence is gathered.
 */
export function mayBeDictionary(keys: number, samples: number, idKeys: number, dataKeys: number): boolean {
  if (keys === 0) return false;
  return (
    idKeys === keys ||
    dataKeys >= DATA_KEY_SHARE * keys ||
    keys >= MAP_MIN_KEYS ||
    (samples >= 2 && keys >= SPARSE_MIN_KEYS)
  );
}

/**
 * The keys a dictionary keeps as named members (a dictionary by rule 3 or 4 whose values are all
 * objects): the values share a key (in at least {@link OVERLAP_SHARE} of those with keys, the most
 * common one), and the keys whose value has keys but not that one stay members, when they are at
 * least one and at most {@link FIXED_MAX_SHARE} of the keys. Else none: a plain dictionary. MDN's
 * features (`{ __compat: {...}, <sub-feature>: { __compat: {...} }, ... }`) keep `__compat`.
 */
export function fixedKeys(rule: number, evidence: DictionaryEvidence): Set<string> | undefined {
  if (rule < 3 || evidence.valueKinds !== OBJECT) return undefined;
  const counts = new Map<string, number>();
  let objects = 0;
  let best = 0;
  let common: string | undefined;
  for (const [, value] of evidence.valueObjects()) {
    let any = false;
    for (const key of value.keys()) {
      any = true;
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      if (count > best) {
        best = count;
        common = key;
      }
    }
    if (any) objects++;
  }
  if (common === undefined || best < OVERLAP_SHARE * objects) return undefined;
  const fixed = new Set<string>();
  for (const [key, value] of evidence.valueObjects()) {
    if (value.has(common)) continue;
    let any = false;
    for (const _ of value.keys()) {
      any = true;
      break;
    }
    if (!any) continue;
    fixed.add(key);
    if (fixed.size > FIXED_MAX_SHARE * evidence.keys) return undefined;
  }
  return fixed.size === 0 ? undefined : fixed;
}

const ONE_KIND = new Set([STRING, NUMBER, BOOLEAN, OBJECT, ARRAY]);
const NOT_A_KIND = NULL | UNDEFINED;

/** Overlap of key lists: one key in at least half of the objects that have keys (two or more of them). */
function overlaps(keyLists: Iterable<Iterable<string>>): boolean {
  const counts = new Map<string, number>();
  let objects = 0;
  let best = 0;
  for (const keys of keyLists) {
    let any = false;
    for (const key of keys) {
      any = true;
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      if (count > best) best = count;
    }
    if (any) objects++;
  }
  return objects >= 2 && best >= OVERLAP_SHARE * objects;
}

// A dictionary value stands for its own keys: two dictionaries overlap like two objects sharing a key.
const DICTIONARY_KEYS = ['\0dictionary'];
const DICTIONARY_KEY_SET: KeySet = /* @__PURE__ */ new Set(DICTIONARY_KEYS);

/** Counts the id keys and data keys of an object Shape (for the final pass, whose merges skip the counting). */
export function countKeys(object: ObjectShape): void {
  let idKeys = 0;
  let dataKeys = 0;
  for (const key of object.fields.keys()) {
    const kind = keyKind(key);
    idKeys += kind & ID_KEY ? 1 : 0;
    dataKeys += kind & DATA_KEY_BIT ? 1 : 0;
  }
  object.idKeys = idKeys;
  object.dataKeys = dataKeys;
  object.counted = object.fields.size;
}

/** The evidence of an object Shape during inference (its counts so far). */
export function shapeEvidence(object: ObjectShape, idKeys: number, dataKeys: number): DictionaryEvidence {
  let presentTotal = 0;
  let valueKinds = 0;
  for (const field of object.fields.values()) {
    presentTotal += field.present;
    valueKinds |= field.pending === undefined ? field.shape.mask & ~NOT_A_KIND : OBJECT;
  }
  return {
    keys: object.fields.size,
    samples: object.samples,
    presentTotal,
    idKeys,
    dataKeys,
    valueKinds,
    overlap: () =>
      overlaps(
        (function* () {
          for (const field of object.fields.values()) {
            // A pending value is an object that would not be judged a dictionary: its own keys.
            if (field.pending !== undefined) {
              yield Object.keys(field.pending);
              continue;
            }
            const value = field.shape.object;
            if (value !== undefined) yield value.fields.size > 0 ? value.fields.keys() : DICTIONARY_KEYS;
          }
        })(),
      ),
    valueObjects: function* () {
      for (const [key, field] of object.fields) {
        if (field.pending !== undefined) {
          yield [key, new Set(Object.keys(field.pending))];
          continue;
        }
        const value = field.shape.object;
        if (value === undefined) continue;
        yield [key, value.map === undefined || value.fields.size > 0 ? value.fields : DICTIONARY_KEY_SET];
      }
    },
  };
}

function modelEvidence(node: ObjectNode): DictionaryEvidence {
  const samples = node.samples ?? 1;
  let presentTotal = 0;
  let valueKinds = 0;
  let idKeys = 0;
  let dataKeys = 0;
  for (const [key, field] of node.fields) {
    presentTotal += field.present ?? (field.optional ? 0 : samples);
    valueKinds |= kindsOf(field.type);
    const kind = keyKind(key);
    idKeys += kind & ID_KEY ? 1 : 0;
    dataKeys += kind & DATA_KEY_BIT ? 1 : 0;
  }
  return {
    keys: node.fields.size,
    samples,
    presentTotal,
    idKeys,
    dataKeys,
    valueKinds,
    overlap: () =>
      overlaps(
        (function* () {
          for (const field of node.fields.values()) {
            for (const member of field.type.kind === 'union' ? field.type.members : [field.type]) {
              if (member.kind === 'object') yield member.fields.keys();
              else if (member.kind === 'map') yield DICTIONARY_KEYS;
            }
          }
        })(),
      ),
    valueObjects: function* () {
      for (const [key, field] of node.fields) {
        const members = field.type.kind === 'union' ? field.type.members : [field.type];
        const value = members.find((member) => member.kind === 'object' || member.kind === 'map');
        if (value?.kind === 'object') yield [key, value.fields];
        else if (value?.kind === 'map') yield [key, DICTIONARY_KEY_SET];
      }
    },
  };
}

function kindsOf(node: TypeNode): number {
  switch (node.kind) {
    case 'string':
      return STRING;
    case 'number':
      return NUMBER;
    case 'boolean':
      return BOOLEAN;
    case 'object':
    case 'map':
      return OBJECT;
    case 'array':
      return ARRAY;
    case 'unknown':
      return UNKNOWN;
    case 'union':
      return node.members.reduce((kinds, member) => kinds | kindsOf(member), 0);
    default:
      return 0;
  }
}

/**
 * The model with every dictionary-like object replaced by a map node (see {@link isDictionary}). The
 * value type is the merge of every member's type, as for the elements of an array.
 */
export function detectMaps(node: TypeNode, options?: ModelOptions): TypeNode {
  switch (node.kind) {
    case 'object': {
      if (node.index !== undefined) return mapFields(node, options);
      const evidence = modelEvidence(node);
      const rule = dictionaryRule(evidence);
      if (rule === 0) return mapFields(node, options);
      const fixed = fixedKeys(rule, evidence);
      return fixed === undefined ? toMap(node, options) : toMixed(node, fixed, options);
    }
    case 'array':
      return node.element === undefined
        ? node
        : { kind: 'array', element: detectMaps(node.element, options) };
    case 'union':
      return { kind: 'union', members: node.members.map((member) => detectMaps(member, options)) };
    case 'map':
      return { kind: 'map', value: detectMaps(node.value, options) };
    default:
      return node;
  }
}

function toMap(node: ObjectNode, options: ModelOptions | undefined): MapNode {
  // One accumulator for all values: merging them pairwise would re-convert the growing model each time.
  const shape = createShape();
  for (const field of node.fields.values()) mergeShapes(shape, fromModel(field.type));
  return { kind: 'map', value: detectMaps(toModel(shape, options), options) };
}

/** A dictionary that keeps the `fixed` keys as named members; every other key's value merges into its index. */
function toMixed(
  node: ObjectNode,
  fixed: ReadonlySet<string>,
  options: ModelOptions | undefined,
): ObjectNode {
  const shape = createShape();
  const fields = new Map<string, Field>();
  for (const [key, field] of node.fields) {
    if (fixed.has(key)) fields.set(key, { ...field, type: detectMaps(field.type, options) });
    else mergeShapes(shape, fromModel(field.type));
  }
  const index = detectMaps(toModel(shape, options), options);
  return { kind: 'object', fields, samples: node.samples, index };
}

function mapFields(node: ObjectNode, options: ModelOptions | undefined): ObjectNode {
  const fields = new Map<string, Field>();
  for (const [key, field] of node.fields) {
    fields.set(key, { ...field, type: detectMaps(field.type, options) });
  }
  if (node.index !== undefined) {
    return { kind: 'object', fields, samples: node.samples, index: detectMaps(node.index, options) };
  }
  return { kind: 'object', fields, samples: node.samples };
}

/**
 * Equality of the key structure only, for tagged unions: optional flags and null/undefined members are
 * ignored, and so is the member `ignoreKey` of the two objects compared (the tag).
 */
export function sameKeys(a: TypeNode, b: TypeNode, ignoreKey: string | undefined): boolean {
  return equalKeys(a, b, ignoreKey);
}

function withoutNull(node: TypeNode): TypeNode {
  if (node.kind !== 'union') return node;
  const members = node.members.filter((member) => member.kind !== 'null' && member.kind !== 'undefined');
  return members.length === 1 ? members[0]! : { kind: 'union', members };
}

function equalKeys(a: TypeNode, b: TypeNode, ignoreKey: string | undefined): boolean {
  if (a === b) return true;
  a = withoutNull(a);
  b = withoutNull(b);
  switch (a.kind) {
    case 'array':
      if (b.kind !== 'array') return false;
      if (a.element === undefined || b.element === undefined) return a.element === b.element;
      return equalKeys(a.element, b.element, undefined);
    case 'object': {
      if (b.kind !== 'object' || a.fields.size !== b.fields.size) return false;
      if (a.index !== undefined || b.index !== undefined) {
        if (a.index === undefined || b.index === undefined) return false;
        if (!equalKeys(a.index, b.index, undefined)) return false;
      }
      for (const [key, field] of a.fields) {
        const other = b.fields.get(key);
        if (other === undefined) return false;
        if (key === ignoreKey) continue;
        if (!equalKeys(field.type, other.type, undefined)) return false;
      }
      return true;
    }
    case 'map':
      return b.kind === 'map' && equalKeys(a.value, b.value, undefined);
    case 'union':
      return (
        b.kind === 'union' &&
        a.members.length === b.members.length &&
        a.members.every((member, i) => equalKeys(member, b.members[i]!, undefined))
      );
    default:
      // String formats are documentation: they do not make two types differ, so turning format
      // detection on or off never changes which objects are maps.
      return a.kind === b.kind;
  }
}
