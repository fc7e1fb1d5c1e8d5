// Model -> TypeScript text. Parts are pushed onto one array and joined once, so output size stays
// linear; recursion follows the model, whose depth the inference limit bounds.
import { propertyKey } from './identifiers.js';
import type { ObjectNode, TypeNode } from './model.js';

/**
 * The declaration of `typeName` for `model`, ending in a newline: `export interface` for an object
 * with members, else `export type <Name> = <type>;`. `typeName` must already be a valid identifier.
 */
export function emit(model: TypeNode, typeName: string): string {
  const out: string[] = [];
  if (model.kind === 'object' && model.fields.size > 0) {
    out.push('export interface ', typeName, ' {\n');
    emitFields(model, 1, out);
    out.push('}\n');
  } else {
    out.push('export type ', typeName, ' = ');
    emitType(model, 0, out);
    out.push(';\n');
  }
  return out.join('');
}

/** Writes a type expression whose first line starts at indentation `level` (nested lines are deeper). */
export function emitType(node: TypeNode, level: number, out: string[]): void {
  switch (node.kind) {
    case 'array':
      if (node.element === undefined) {
        out.push('unknown[]');
      } else if (node.element.kind === 'union') {
        out.push('(');
        emitType(node.element, level, out);
        out.push(')[]');
      } else {
        emitType(node.element, level, out);
        out.push('[]');
      }
      return;
    case 'object':
      // A sample with no keys says nothing about the keys.
      if (node.fields.size === 0) {
        out.push('Record<string, unknown>');
        return;
      }
      out.push('{\n');
      emitFields(node, level + 1, out);
      out.push(indent(level), '}');
      return;
    case 'union':
      // Members are never unions themselves, and arrays and object literals need no parentheses here.
      for (let i = 0; i < node.members.length; i++) {
        if (i > 0) out.push(' | ');
        emitType(node.members[i]!, level, out);
      }
      return;
    default:
      out.push(node.kind);
  }
}

function emitFields(node: ObjectNode, level: number, out: string[]): void {
  const pad = indent(level);
  for (const [key, field] of node.fields) {
    out.push(pad, propertyKey(key), field.optional ? '?: ' : ': ');
    emitType(field.type, level, out);
    out.push(';\n');
  }
}

const indents: string[] = [];

function indent(level: number): string {
  let pad = indents[level];
  if (pad === undefined) {
    pad = '  '.repeat(level);
    indents[level] = pad;
  }
  return pad;
}
