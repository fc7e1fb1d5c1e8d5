// Model -> JSON Schema 2020-12 text. The schema is built as a tree of Maps (so keys such as `__proto__`
// stay plain data and members keep their order of first appearance, which a plain object would reorder
// for integer-like keys) and printed by a small JSON writer.
import { stringLiteral } from './identifiers.js';
import type { ObjectNode, TypeNode } from './model.js';
import type { Naming } from './names.js';

export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

type Json = string | number | boolean | null | readonly Json[] | JsonObject;
type JsonObject = Map<string, Json>;
type Names = ReadonlyMap<ObjectNode, string>;

// With the `u` flag a well-formed pair is one code point, so this matches only unpaired halves.
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/**
 * The JSON Schema of `model`, titled `typeName`, ending with a newline. With `naming`, each named
 * object other than the top-level one is a `$defs` entry referred to by `$ref`.
 */
export function emitJsonSchema(model: TypeNode, typeName: string, naming?: Naming): string {
  const names = naming?.names ?? new Map<ObjectNode, string>();
  const root: JsonObject = new Map<string, Json>([
    ['$schema', JSON_SCHEMA_DIALECT],
    ['title', typeName],
  ]);
  const body = model.kind === 'object' ? objectSchema(model, names) : schemaOf(model, names);
  for (const [key, value] of body) root.set(key, value);
  const defs: JsonObject = new Map();
  for (const { name, node } of naming?.declarations ?? []) {
    if (node !== model) defs.set(name, objectSchema(node, names));
  }
  if (defs.size > 0) root.set('$defs', defs);
  const out: string[] = [];
  write(root, 0, out);
  out.push('\n');
  return out.join('');
}

function schemaOf(node: TypeNode, names: Names): JsonObject {
  switch (node.kind) {
    case 'string':
      if (node.literals !== undefined) return literalSchema(node.literals);
      return node.format === undefined
        ? typed('string')
        : new Map<string, Json>([
            ['type', 'string'],
            ['format', node.format],
          ]);
    case 'number':
      return typed(node.integer === true ? 'integer' : 'number');
    case 'boolean':
    case 'null':
      return typed(node.kind);
    // JSON has no undefined: JSON.stringify drops such a member and writes an array element as null.
    case 'undefined':
      return typed('null');
    case 'unknown':
      return new Map();
    case 'array': {
      const schema = typed('array');
      if (node.element !== undefined) schema.set('items', schemaOf(node.element, names));
      return schema;
    }
    case 'object': {
      const name = names.get(node);
      if (name !== undefined) return new Map([['$ref', `#/$defs/${name}`]]);
      return objectSchema(node, names);
    }
    case 'map': {
      const schema = typed('object');
      schema.set('additionalProperties', schemaOf(node.value, names));
      return schema;
    }
    case 'union':
      return unionSchema(node.members, names);
  }
}

/** An object's own schema (also for a named one, in `$defs`). Extra properties are allowed: a sample shows some keys, not all. */
function objectSchema(node: ObjectNode, names: Names): JsonObject {
  const schema = typed('object');
  if (node.fields.size === 0) return schema;
  const properties: JsonObject = new Map();
  const required: Json[] = [];
  // Members that ajv does not check by `properties` are checked by `additionalProperties` when there is one.
  const extra: TypeNode[] = [];
  for (const [key, field] of node.fields) {
    // ajv builds URI fragments from property names, and an unpaired surrogate makes
    // encodeURIComponent throw: such a key is left out (the object allows it as an extra key).
    if (LONE_SURROGATE.test(key)) {
      extra.push(field.type);
      continue;
    }
    // ajv leaves a `__proto__` entry of `properties` aside and checks that key by `additionalProperties`:
    // the member's type joins it there too (it still has its own entry, for other validators).
    if (key === '__proto__') extra.push(field.type);
    properties.set(key, schemaOf(field.type, names));
    if (!field.optional) required.push(key);
  }
  if (properties.size > 0) schema.set('properties', properties);
  if (required.length > 0) schema.set('required', required);
  // The other keys of a dictionary with named members (docs/type-inference.md#maps).
  if (node.index !== undefined) {
    const members = [node.index, ...extra].flatMap((type) => (type.kind === 'union' ? type.members : [type]));
    // `unknown` among them accepts anything: no schema then (additional properties are allowed).
    if (extra.length === 0) schema.set('additionalProperties', schemaOf(node.index, names));
    else if (!members.some((type) => type.kind === 'unknown'))
      schema.set('additionalProperties', unionSchema(members, names));
  }
  return schema;
}

/**
 * Primitive members share one `type` list (a string's format kept when every string member has it: the
 * other keys of a dictionary with named members join several strings); objects and arrays join them in `anyOf`.
 */
function unionSchema(members: readonly TypeNode[], names: Names): JsonObject {
  const types: string[] = [];
  let format: string | undefined;
  let strings = 0;
  const primitives: JsonObject = new Map();
  // The primitives' schema takes the place of the first primitive member, so order follows the model.
  const entries: JsonObject[] = [];
  for (const member of members) {
    if (
      member.kind === 'array' ||
      member.kind === 'object' ||
      member.kind === 'map' ||
      (member.kind === 'string' && member.literals !== undefined)
    ) {
      entries.push(schemaOf(member, names));
    } else if (member.kind !== 'unknown') {
      if (types.length === 0) entries.push(primitives);
      const type =
        member.kind === 'undefined'
          ? 'null'
          : member.kind === 'number' && member.integer === true
            ? 'integer'
            : member.kind;
      if (!types.includes(type)) types.push(type);
      if (member.kind === 'string')
        format = strings++ === 0 || format === member.format ? member.format : undefined;
    }
  }
  primitives.set('type', types.length === 1 ? types[0]! : types);
  if (format !== undefined) primitives.set('format', format);
  return entries.length === 1 ? entries[0]! : new Map([['anyOf', entries]]);
}

/** A string literal union: `const` for one value, `enum` for several. */
function literalSchema(literals: readonly string[]): JsonObject {
  const schema = typed('string');
  if (literals.length === 1) schema.set('const', literals[0]!);
  else schema.set('enum', [...literals]);
  return schema;
}

function typed(type: string): JsonObject {
  return new Map([['type', type]]);
}

/** JSON.stringify's two-space layout, with short arrays of scalars on one line (`"type": ["string", "null"]`). */
function write(value: Json, level: number, out: string[]): void {
  if (value instanceof Map) {
    if (value.size === 0) {
      out.push('{}');
      return;
    }
    const pad = '  '.repeat(level + 1);
    out.push('{\n');
    let first = true;
    for (const [key, member] of value) {
      if (!first) out.push(',\n');
      first = false;
      out.push(pad, stringLiteral(key), ': ');
      write(member, level + 1, out);
    }
    out.push('\n', '  '.repeat(level), '}');
  } else if (Array.isArray(value)) {
    if (value.every((item) => !(item instanceof Map) && !Array.isArray(item))) {
      out.push('[', value.map(scalar).join(', '), ']');
      return;
    }
    const pad = '  '.repeat(level + 1);
    out.push('[\n');
    value.forEach((item, i) => {
      if (i > 0) out.push(',\n');
      out.push(pad);
      write(item, level + 1, out);
    });
    out.push('\n', '  '.repeat(level), ']');
  } else {
    out.push(scalar(value));
  }
}

/**
 * A string, number, boolean or null as JSON. Strings (keys, enum literals) get the escapes of the other
 * formats (docs/type-inference.md#member-names), each a valid JSON escape, so no key or literal can hide
 * what it says from a reader.
 */
function scalar(value: Json): string {
  return typeof value === 'string' ? stringLiteral(value) : JSON.stringify(value);
}
