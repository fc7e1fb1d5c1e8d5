// The type of a value the caller writes rather than reads: a request body of the endpoint map
// (docs/traffic.md, "The endpoint map").
import type { Field, ObjectNode, TypeNode } from './model.js';
import { UNDEFINED_NODE } from './model.js';

/**
 * The model with every optional member also taking `undefined` (`note?: string | undefined`):
 * `JSON.stringify` leaves such a member out, as if it were missing, so code compiled with
 * `exactOptionalPropertyTypes` can pass a value that may be missing. Shared nodes stay shared.
 */
export function asInputType(model: TypeNode): TypeNode {
  const done = new Map<TypeNode, TypeNode>();
  const visit = (node: TypeNode): TypeNode => {
    let result = done.get(node);
    if (result !== undefined) return result;
    switch (node.kind) {
      case 'array':
        result = node.element === undefined ? node : { kind: 'array', element: visit(node.element) };
        break;
      case 'map':
        result = { kind: 'map', value: visit(node.value) };
        break;
      case 'union':
        result = { kind: 'union', members: node.members.map(visit) };
        break;
      case 'object':
        result = visitObject(node, visit);
        break;
      default:
        result = node;
    }
    done.set(node, result);
    return result;
  };
  return visit(model);
}

function visitObject(node: ObjectNode, visit: (node: TypeNode) => TypeNode): ObjectNode {
  const fields = new Map<string, Field>();
  for (const [key, field] of node.fields) {
    const type = visit(field.type);
    fields.set(key, { ...field, type: field.optional ? withUndefined(type) : type });
  }
  return {
    ...node,
    fields,
    ...(node.index === undefined ? {} : { index: visit(node.index) }),
  };
}

/** `T | undefined`, with `undefined` last as in every union; `unknown` already holds it. */
function withUndefined(type: TypeNode): TypeNode {
  if (type.kind === 'unknown' || type.kind === 'undefined') return type;
  if (type.kind !== 'union') return { kind: 'union', members: [type, UNDEFINED_NODE] };
  if (type.members.some((member) => member.kind === 'undefined')) return type;
  return { kind: 'union', members: [...type.members, UNDEFINED_NODE] };
}
