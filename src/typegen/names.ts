// Named nested types (`named: true`): every object type with members gets its own declaration, named
// from its path of keys (`Users` -> `UsersAddress` -> `UsersAddressGeo`), never from its order of
// appearance (quicktype's `Purple`, `Fluffy`), so adding samples does not rename what was there.
// Objects of identical shape share the first one's declaration.
import type { ObjectNode, TypeNode } from './model.js';

export interface Naming {
  /** The declaration name of each named object node (shared shapes map to one name). */
  readonly names: ReadonlyMap<ObjectNode, string>;
  /** One entry per declaration, the root's children first in order of first appearance. */
  readonly declarations: readonly NamedObject[];
}

export interface NamedObject {
  readonly name: string;
  readonly node: ObjectNode;
}

/**
 * Names the object types of `model`. `rootName` is the top-level declaration's name and is reserved:
 * an object at the top level takes it, the element of a top-level array is `<Root>Item` (an object
 * in a top-level union `<Root>Object`), and an object reached through the key `address` of `<Parent>`
 * is `<Parent>Address`. Array elements add no word of their own (`users: {...}[]` gives `<Root>Users`;
 * the members of a top-level array's element are named from the root: `UsersAddress`); a map's value
 * adds `Value`, and so does the value of the other keys of a dictionary with named members. A name already taken by another shape gets the first free number suffix (`2`, `3`).
 * `integers`: whether integer-ness tells two shapes apart (false for TypeScript, which writes `number`
 * either way: docs/type-inference.md#integers-integers-true).
 */
export function nameObjects(model: TypeNode, rootName: string, integers = true): Naming {
  const names = new Map<ObjectNode, string>();
  const declarations: NamedObject[] = [];
  const byShape = new Map<string, string>();
  const taken = new Set<string>([rootName]);
  const shapes = new ShapeKeys(integers);
  // The same member names recur at every depth of a large document: each is turned into a word once.
  const words = new Map<string, string>();
  const word = (key: string): string => {
    let text = words.get(key);
    if (text === undefined) {
      text = pascalWord(key);
      words.set(key, text);
    }
    return text;
  };

  // `root`: 'self' for the top-level value, 'union' for the members of a top-level union (an object
  // there cannot take the root's name, which the union itself holds), false below. `base` is what the
  // members' names start with: the object's own name, except that the element of a top-level array
  // passes the root's name on (`Users` = `UsersItem[]`, and a user's address is `UsersAddress`).
  const visit = (node: TypeNode, pathName: string, root: 'self' | 'union' | false, base?: string): void => {
    switch (node.kind) {
      case 'object': {
        if (node.fields.size === 0) return;
        const key = shapes.of(node);
        const shared = byShape.get(key);
        if (shared !== undefined) {
          names.set(node, shared);
          return;
        }
        const name =
          root === 'self' ? rootName : unique(root === 'union' ? `${rootName}Object` : pathName, taken);
        names.set(node, name);
        byShape.set(key, name);
        declarations.push({ name, node });
        const prefix = base ?? name;
        node.fields.forEach((field, member) => {
          // A primitive member names nothing: no name is built for it.
          if (CONTAINERS.has(field.type.kind)) visit(field.type, prefix + word(member), false);
        });
        // The value of the other keys of a dictionary with named members, like a map's value.
        if (node.index !== undefined) visit(node.index, `${base ?? name}Value`, false);
        return;
      }
      case 'array':
        // The element of a top-level array cannot take the root's own name either.
        if (node.element) {
          if (root) visit(node.element, `${rootName}Item`, false, rootName);
          else visit(node.element, pathName, false, base);
        }
        return;
      case 'map':
        visit(node.value, `${pathName}Value`, false);
        return;
      case 'union':
        for (let i = 0; i < node.members.length; i++) {
          const member = node.members[i]!;
          // A tagged-union variant is named after its tag (`EventsPushEvent`), and so are its members
          // (`EventsPushEventPayload`), also in the element of a top-level array.
          const tag = member.kind === 'object' ? variantTag(member) : undefined;
          if (tag === undefined) visit(member, pathName, root ? 'union' : false, base);
          else visit(member, (base ?? pathName) + pascalWord(tag), false);
        }
        return;
      default:
    }
  };
  visit(model, rootName, 'self');
  return { names, declarations };
}

/** The kinds of node that can hold an object type, so that naming goes into them. */
const CONTAINERS: ReadonlySet<TypeNode['kind']> = new Set(['object', 'array', 'map', 'union']);

/** The literal of a variant's tag: its first member typed as exactly one string literal. */
function variantTag(node: ObjectNode): string | undefined {
  for (const field of node.fields.values()) {
    const literals = field.type.kind === 'string' ? field.type.literals : undefined;
    if (literals?.length === 1) return literals[0];
  }
  return undefined;
}

function unique(wanted: string, taken: Set<string>): string {
  let name = wanted;
  for (let n = 2; taken.has(name); n++) name = `${wanted}${n}`;
  taken.add(name);
  return name;
}

/** A key as one PascalCase word: ASCII letters and digits kept, words capitalized (`first_name` -> `FirstName`). */
export function pascalWord(key: string): string {
  const words = key.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
  // A key with no ASCII letter or digit (`""`, `*/`, `日本`) still needs a word.
  if (words.length === 0) return 'Field';
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

const byNumber = (a: number, b: number): number => a - b;

/**
 * Sorts numbers in place: short lists (an object's members, usually a handful) by insertion, which
 * allocates nothing, unlike Array.prototype.sort's working copy.
 */
function sortNumbers(list: number[]): void {
  if (list.length > 16) {
    list.sort(byNumber);
    return;
  }
  for (let i = 1; i < list.length; i++) {
    const item = list[i]!;
    let j = i - 1;
    while (j >= 0 && list[j]! > item) {
      list[j + 1] = list[j]!;
      j--;
    }
    list[j + 1] = item;
  }
}

/**
 * Structural keys of object types, interned as small numbers so a parent's key holds its children's
 * numbers rather than their text: linear in the model's size whatever its depth. Members are sorted by
 * key, so `{ a, b }` and `{ b, a }` are one shape.
 */
class ShapeKeys {
  constructor(private readonly integers: boolean) {}

  private readonly interned = new Map<string, number>();
  private readonly cache = new Map<TypeNode, number>();
  /** Member names as small numbers, so an object's key holds numbers rather than its keys' text. */
  private readonly keys = new Map<string, number>();
  /** The member name of each number. */
  private readonly keyNames: string[] = [];

  of(node: TypeNode): string {
    return String(this.id(node));
  }

  private id(node: TypeNode): number {
    let id = this.cache.get(node);
    if (id !== undefined) return id;
    id = this.intern(this.describe(node));
    this.cache.set(node, id);
    return id;
  }

  private describe(node: TypeNode): string {
    switch (node.kind) {
      case 'object': {
        // Member names and types as numbers, each name followed by `?` or `:` and each type by `,`,
        // in the order of the names' numbers (any fixed order of the names would do).
        const fields = node.fields;
        const ids: number[] = [];
        fields.forEach((_, key) => {
          ids.push(this.keyId(key));
        });
        sortNumbers(ids);
        let text = 'o';
        for (let i = 0; i < ids.length; i++) {
          const id = ids[i]!;
          const field = fields.get(this.keyNames[id]!)!;
          text += `${id}${field.optional ? '?' : ':'}${this.id(field.type)},`;
        }
        return node.index === undefined ? text : `${text}i${this.id(node.index)}`;
      }
      case 'array':
        return node.element === undefined ? 'a' : `a${this.id(node.element)}`;
      case 'map':
        return `m${this.id(node.value)}`;
      case 'union': {
        const members = node.members;
        let text = 'u';
        for (let i = 0; i < members.length; i++) text += `${i > 0 ? ',' : ''}${this.id(members[i]!)}`;
        return text;
      }
      default:
        // Formats (JSDoc tags), literals and integer-ness (where the format writes it) are part of the shape.
        if (node.kind === 'unknown') return node.kind;
        return `${node.kind}:${node.format ?? ''}:${node.integer === true && this.integers ? 'i' : ''}:${JSON.stringify(node.literals ?? null)}`;
    }
  }

  private keyId(key: string): number {
    let id = this.keys.get(key);
    if (id === undefined) {
      id = this.keyNames.length;
      this.keys.set(key, id);
      this.keyNames.push(key);
    }
    return id;
  }

  private intern(text: string): number {
    let id = this.interned.get(text);
    if (id === undefined) {
      id = this.interned.size;
      this.interned.set(text, id);
    }
    return id;
  }
}
