// Map detection: an object used as a dictionary becomes `Record<string, T>` instead of one member per
// key. Runs on the merged model, top-down, so the objects of every sample at one position are judged
// together (the keys of a map differ from sample to sample; a record's do not).
import { isIdOrDateKey } from './formats.js';
import { fromModel, mergeShapes } from './merge.js';
import type { Field, MapNode, ObjectNode, TypeNode } from './model.js';
import { createShape, toModel } from './shape.js';

/**
 * Fewest keys for the "many keys, one value type" rule. Records with twenty members that all hold
 * objects of one shape are rare; dictionaries (by name, by code) are common.
 */
export const MAP_MIN_KEYS = 20;

/**
 * The model with every dictionary-like object replaced by a map node. An object is a map when
 * - it has at least one key and every key is an id or a date (`isIdOrDateKey`: digits, UUIDs, object
 *   ids, long hex strings, ISO dates), or
 * - it has at least {@link MAP_MIN_KEYS} keys and every value has the same type, that type being an
 *   object with members or an array (not a primitive: records with many string members, such as
 *   GitHub's `*_url` fields, stay records).
 * The value type is the merge of every member's type, as for the elements of an array.
 */
export function detectMaps(node: TypeNode): TypeNode {
  switch (node.kind) {
    case 'object':
      return isMap(node) ? toMap(node) : mapFields(node);
    case 'array':
      return node.element === undefined ? node : { kind: 'array', element: detectMaps(node.element) };
    case 'union':
      return { kind: 'union', members: node.members.map(detectMaps) };
    default:
      return node;
  }
}

function isMap(node: ObjectNode): boolean {
  const { fields } = node;
  if (fields.size === 0) return false;
  let idKeys = true;
  for (const key of fields.keys()) {
    if (!isIdOrDateKey(key)) {
      idKeys = false;
      break;
    }
  }
  if (idKeys) return true;
  if (fields.size < MAP_MIN_KEYS) return false;
  let first: TypeNode | undefined;
  for (const field of fields.values()) {
    if (first === undefined) {
      first = field.type;
      if (!(first.kind === 'array' || (first.kind === 'object' && first.fields.size > 0))) return false;
    } else if (!sameType(first, field.type)) {
      return false;
    }
  }
  return true;
}

function toMap(node: ObjectNode): MapNode {
  // One accumulator for all values: merging them pairwise would re-convert the growing model each time.
  const shape = createShape();
  for (const field of node.fields.values()) mergeShapes(shape, fromModel(field.type));
  return { kind: 'map', value: detectMaps(toModel(shape)) };
}

function mapFields(node: ObjectNode): ObjectNode {
  const fields = new Map<string, Field>();
  for (const [key, field] of node.fields) {
    fields.set(key, { type: detectMaps(field.type), optional: field.optional });
  }
  return { kind: 'object', fields };
}

/** Structural equality: members compared by key whatever their order, union members in order, formats ignored. */
export function sameType(a: TypeNode, b: TypeNode): boolean {
  if (a === b) return true;
  switch (a.kind) {
    case 'array':
      if (b.kind !== 'array') return false;
      if (a.element === undefined || b.element === undefined) return a.element === b.element;
      return sameType(a.element, b.element);
    case 'object': {
      if (b.kind !== 'object' || a.fields.size !== b.fields.size) return false;
      for (const [key, field] of a.fields) {
        const other = b.fields.get(key);
        if (other === undefined || other.optional !== field.optional || !sameType(field.type, other.type)) {
          return false;
        }
      }
      return true;
    }
    case 'map':
      return b.kind === 'map' && sameType(a.value, b.value);
    case 'union':
      return (
        b.kind === 'union' &&
        a.members.length === b.members.length &&
        a.members.every((member, i) => sameType(member, b.members[i]!))
      );
    default:
      // String formats are documentation: they do not make two types differ, so turning format
      // detection on or off never changes which objects are maps.
      return a.kind === b.kind;
  }
}
