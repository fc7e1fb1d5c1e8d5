// Model -> TypeScript text. Parts are pushed onto one array and joined once, so output size stays
// linear; recursion follows the model, whose depth the inference limit bounds.
import { propertyKey, stringLiteral } from './identifiers.js';
import { literalsOf, type ObjectNode, type StringFormat, type TypeNode } from './model.js';
import type { Naming } from './names.js';

/** Declaration names of the named object types; empty when nested types are written inline. */
type Names = ReadonlyMap<ObjectNode, string>;
const INLINE: Names = new Map();

/**
 * The declaration of `typeName` for `model`, ending in a newline: `export interface` for an object
 * with members, else `export type <Name> = <type>;`. `typeName` must already be a valid identifier.
 * With `naming` (named nested types), each named object gets its own `export interface`, after the
 * top-level declaration, separated by blank lines.
 */
export function emit(model: TypeNode, typeName: string, naming?: Naming): string {
  const out: string[] = [];
  const names = naming?.names ?? INLINE;
  if (model.kind === 'object' && model.fields.size > 0) {
    emitInterface(typeName, model, names, out);
  } else {
    const format = formatTag(model);
    if (format !== undefined) out.push('/** @format ', format, ' */\n');
    out.push('export type ', typeName, ' = ');
    emitType(model, 0, out, names);
    out.push(';\n');
  }
  for (const { name, node } of naming?.declarations ?? []) {
    if (node === model) continue;
    out.push('\n');
    emitInterface(name, node, names, out);
  }
  return out.join('');
}

function emitInterface(name: string, node: ObjectNode, names: Names, out: string[]): void {
  out.push('export interface ', name, ' {\n');
  emitFields(node, 1, out, names);
  out.push('}\n');
}

/**
 * The format to document for a member or alias of this type: a string with a format, alone or with
 * null/undefined (`string | null`). Other places (array elements, wider unions) get no tag: a JSDoc tag
 * describes the whole member.
 */
export function formatTag(node: TypeNode): StringFormat | undefined {
  if (node.kind === 'string') return node.format;
  if (node.kind !== 'union') return undefined;
  const [first, ...rest] = node.members;
  if (first?.kind !== 'string' || !rest.every((m) => m.kind === 'null' || m.kind === 'undefined'))
    return undefined;
  return first.format;
}

/** Writes a type expression whose first line starts at indentation `level` (nested lines are deeper). */
export function emitType(node: TypeNode, level: number, out: string[], names: Names = INLINE): void {
  switch (node.kind) {
    case 'array':
      if (node.element === undefined) {
        out.push('unknown[]');
      } else if (node.element.kind === 'union' || (literalsOf(node.element)?.length ?? 0) > 1) {
        out.push('(');
        emitType(node.element, level, out, names);
        out.push(')[]');
      } else {
        emitType(node.element, level, out, names);
        out.push('[]');
      }
      return;
    case 'object': {
      // A sample with no keys says nothing about the keys.
      if (node.fields.size === 0) {
        out.push('Record<string, unknown>');
        return;
      }
      const name = names.get(node);
      if (name !== undefined) {
        out.push(name);
        return;
      }
      out.push('{\n');
      emitFields(node, level + 1, out, names);
      out.push(indent(level), '}');
      return;
    }
    case 'map':
      out.push('Record<string, ');
      emitType(node.value, level, out, names);
      out.push('>');
      return;
    case 'union':
      // Members are never unions themselves, and arrays and object literals need no parentheses here.
      for (let i = 0; i < node.members.length; i++) {
        if (i > 0) out.push(' | ');
        emitType(node.members[i]!, level, out, names);
      }
      return;
    default: {
      const literals = literalsOf(node);
      if (literals === undefined) {
        out.push(node.kind);
        return;
      }
      for (let i = 0; i < literals.length; i++) {
        if (i > 0) out.push(' | ');
        out.push(stringLiteral(literals[i]!));
      }
    }
  }
}

function emitFields(node: ObjectNode, level: number, out: string[], names: Names): void {
  const pad = indent(level);
  for (const [key, field] of node.fields) {
    const format = formatTag(field.type);
    if (format !== undefined) out.push(pad, '/** @format ', format, ' */\n');
    out.push(pad, propertyKey(key), field.optional ? '?: ' : ': ');
    emitType(field.type, level, out, names);
    out.push(';\n');
  }
  if (node.index !== undefined) emitIndexSignature(node, node.index, level, out, names);
}

/**
 * The index signature of a dictionary with named members. TypeScript requires every member to be
 * assignable to it, so its type is the other keys' value type joined with the members' types (and
 * `undefined` for an optional one): docs/type-inference.md#maps.
 */
function emitIndexSignature(
  node: ObjectNode,
  index: TypeNode,
  level: number,
  out: string[],
  names: Names,
): void {
  // Each alternative once (`{ a: 1 } | null` joined with `{ b: 2 } | null` has one `null`), `null` and
  // `undefined` last, as in any other union.
  const alternatives = new Set<string>();
  let optional = false;
  let nullable = false;
  for (const type of [index, ...[...node.fields.values()].map((field) => field.type)]) {
    for (const alternative of type.kind === 'union' ? type.members : [type]) {
      if (alternative.kind === 'null') nullable = true;
      else if (alternative.kind === 'undefined') optional = true;
      else {
        const text: string[] = [];
        emitType(alternative, level, text, names);
        alternatives.add(text.join(''));
      }
    }
  }
  for (const field of node.fields.values()) optional ||= field.optional;
  if (nullable) alternatives.add('null');
  if (optional) alternatives.add('undefined');
  const type = alternatives.has('unknown') ? 'unknown' : [...alternatives].join(' | ');
  out.push(indent(level), '[key: string]: ', type, ';\n');
}

const indents: string[] = [];

export function indent(level: number): string {
  let pad = indents[level];
  if (pad === undefined) {
    pad = '  '.repeat(level);
    indents[level] = pad;
  }
  return pad;
}
