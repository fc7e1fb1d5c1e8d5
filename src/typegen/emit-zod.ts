// Model -> a zod 4 module: `export const <name>Schema = ...;` and `export type <Name> = z.infer<...>;`
// for the top-level value whatever it is (arrays and primitives included), and, with named types, for
// each named object, declared before the schemas that use it.
import { formatTag, indent } from './emit-typescript.js';
import { propertyKey, stringLiteral } from './identifiers.js';
import { isInteger, literalsOf, type ObjectNode, type TypeNode } from './model.js';
import type { Naming } from './names.js';

type Names = ReadonlyMap<ObjectNode, string>;

const OWN_PROPERTIES_HELPER = `// Parses a copy without a prototype, so an absent optional member named like an Object.prototype
// member (toString, constructor, ...) reads as absent rather than as the inherited function.
const ownProperties = (value: unknown): unknown =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? Object.assign(Object.create(null), value)
    : value;
`;

/** The schema constant's name for a type name: `Users` -> `usersSchema`, `_2fa` -> `_2faSchema`. */
export function schemaName(typeName: string): string {
  return `${typeName.charAt(0).toLowerCase()}${typeName.slice(1)}Schema`;
}

/** A zod module for `model`; `typeName` must be a valid identifier. Ends with a newline. */
export function emitZod(model: TypeNode, typeName: string, naming?: Naming): string {
  const names = naming?.names ?? new Map<ObjectNode, string>();
  const state = { names, needsOwnProperties: false };
  const declarations: string[] = [];
  const declare = (name: string, node: TypeNode): void => {
    const out: string[] = [];
    formatComment(node, '', out);
    out.push('export const ', schemaName(name), ' = ');
    // A named object's own declaration holds its body; everywhere else its name stands for it.
    if (node.kind === 'object' && names.get(node) === name) zodObject(node, 0, out, state);
    else zodType(node, 0, out, state);
    out.push(';\nexport type ', name, ' = z.infer<typeof ', schemaName(name), '>;\n');
    declarations.push(out.join(''));
  };
  // Dependencies first: a `const` cannot be used before its declaration runs.
  for (const { name, node } of dependencyOrder(model, naming)) declare(name, node);
  if (!(model.kind === 'object' && names.get(model) === typeName)) declare(typeName, model);
  const head = ["import { z } from 'zod';\n"];
  if (state.needsOwnProperties) head.push(OWN_PROPERTIES_HELPER);
  return [...head, ...declarations].join('\n');
}

interface State {
  readonly names: Names;
  needsOwnProperties: boolean;
}

function zodType(node: TypeNode, level: number, out: string[], state: State): void {
  switch (node.kind) {
    case 'array':
      out.push('z.array(');
      if (node.element === undefined) out.push('z.unknown()');
      else zodType(node.element, level, out, state);
      out.push(')');
      return;
    case 'object': {
      if (node.fields.size === 0) {
        out.push('z.record(z.string(), z.unknown())');
        return;
      }
      const name = state.names.get(node);
      if (name !== undefined) {
        out.push(schemaName(name));
        return;
      }
      zodObject(node, level, out, state);
      return;
    }
    case 'map':
      out.push('z.record(z.string(), ');
      zodType(node.value, level, out, state);
      out.push(')');
      return;
    case 'union': {
      // `null` and `undefined` come last in a union: they become `.nullable()` and `.optional()`.
      const rest = node.members.filter((member) => member.kind !== 'null' && member.kind !== 'undefined');
      const nullable = rest.length < node.members.length && node.members.some((m) => m.kind === 'null');
      const optional = node.members.some((member) => member.kind === 'undefined');
      if (rest.length === 0) {
        out.push(nullable ? 'z.null()' : 'z.undefined()');
      } else if (rest.length === 1) {
        zodType(rest[0]!, level, out, state);
      } else {
        out.push('z.union([');
        rest.forEach((member, i) => {
          if (i > 0) out.push(', ');
          zodType(member, level, out, state);
        });
        out.push('])');
      }
      if (nullable && rest.length > 0) out.push('.nullable()');
      if (optional && (rest.length > 0 || nullable)) out.push('.optional()');
      return;
    }
    default: {
      const literals = literalsOf(node)?.map(stringLiteral);
      if (literals !== undefined) {
        out.push(literals.length === 1 ? `z.literal(${literals[0]})` : `z.enum([${literals.join(', ')}])`);
      } else {
        out.push(isInteger(node) ? 'z.int()' : `z.${node.kind}()`);
      }
    }
  }
}

function zodObject(node: ObjectNode, level: number, out: string[], state: State): void {
  // Keys that a plain object inherits: zod reads `input[key]`, so an absent optional `toString` would be
  // read from Object.prototype and rejected. Such an object is parsed from a prototype-free copy.
  const wrap = [...node.fields].some(
    ([key, field]) => field.optional && Object.hasOwn(Object.prototype, key),
  );
  if (wrap) {
    state.needsOwnProperties = true;
    out.push('z.preprocess(ownProperties, ');
  }
  out.push('z.object({\n');
  const pad = indent(level + 1);
  for (const [key, field] of node.fields) {
    formatComment(field.type, pad, out);
    // `__proto__: x` in an object literal would set the prototype; the computed form defines a key.
    out.push(pad, key === '__proto__' ? '["__proto__"]' : propertyKey(key), ': ');
    zodType(field.type, level + 1, out, state);
    if (field.optional && !isOptional(field.type)) out.push('.optional()');
    out.push(',\n');
  }
  out.push(indent(level), '})');
  // The other keys of a dictionary with named members (docs/type-inference.md#maps). z.infer gives the
  // catchall an index signature that every member must fit too, so, as in TypeScript, the catchall
  // joins the members' types.
  if (node.index !== undefined) {
    out.push('.catchall(z.union([');
    zodType(node.index, level, out, state);
    for (const field of node.fields.values()) {
      out.push(', ');
      zodType(field.type, level, out, state);
    }
    out.push(']))');
  }
  if (wrap) out.push(')');
}

function formatComment(node: TypeNode, pad: string, out: string[]): void {
  const format = formatTag(node);
  if (format !== undefined) out.push(pad, '/** @format ', format, ' */\n');
}

function isOptional(node: TypeNode): boolean {
  return (
    node.kind === 'undefined' || (node.kind === 'union' && node.members.some((m) => m.kind === 'undefined'))
  );
}

/** Named objects ordered so that each comes after every named object its schema refers to. */
function dependencyOrder(
  model: TypeNode,
  naming: Naming | undefined,
): Array<{ name: string; node: ObjectNode }> {
  if (naming === undefined) return [];
  const ordered: Array<{ name: string; node: ObjectNode }> = [];
  const done = new Set<string>();
  // Post-order over the model; an object sharing an already visited shape's name is that declaration.
  const visit = (node: TypeNode): void => {
    switch (node.kind) {
      case 'object': {
        const name = naming.names.get(node);
        if (name !== undefined) {
          if (done.has(name)) return;
          done.add(name);
        }
        for (const field of node.fields.values()) visit(field.type);
        if (node.index !== undefined) visit(node.index);
        if (name !== undefined) ordered.push({ name, node });
        return;
      }
      case 'array':
        if (node.element) visit(node.element);
        return;
      case 'map':
        visit(node.value);
        return;
      case 'union':
        for (const member of node.members) visit(member);
        return;
      default:
    }
  };
  visit(model);
  return ordered;
}
