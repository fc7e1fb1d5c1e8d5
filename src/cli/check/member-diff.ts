// Member-level differences between two parsed files: which members were added, removed or changed,
// each with its path from the declaration name (`Users.address.geo.lat`, `Users[].tags`).
import type { TsDeclaration, TsMember, TsType } from './parse.js';
import { memberPath, renderHead, renderMember } from './render.js';

export interface MemberChange {
  readonly change: 'changed' | 'added' | 'removed';
  readonly path: string;
  /** The line in the existing file (changed, removed). */
  readonly before?: string;
  /** The line the response gives (changed, added). */
  readonly after?: string;
}

type ObjectType = Extract<TsType, { kind: 'object' }>;

/**
 * The changes that turn `before` into `after`. A file with one declaration is compared with the other
 * file's one declaration even when the names differ (a `--name` change); otherwise declarations pair up
 * by name. Members come in the order of `after`, a removed member right after its old predecessor.
 */
export function diffDeclarations(
  before: readonly TsDeclaration[],
  after: readonly TsDeclaration[],
): MemberChange[] {
  const changes: MemberChange[] = [];
  const pairs: [TsDeclaration | undefined, TsDeclaration | undefined][] =
    before.length === 1 && after.length === 1
      ? [[before[0], after[0]]]
      : [
          ...after.map((each): [TsDeclaration | undefined, TsDeclaration] => [
            before.find((old) => old.name === each.name),
            each,
          ]),
          ...before
            .filter((old) => !after.some((each) => each.name === old.name))
            .map((old): [TsDeclaration, undefined] => [old, undefined]),
        ];
  for (const [old, current] of pairs) {
    const path = (current ?? old)!.name;
    const was = old && renderHead(old);
    const now = current && renderHead(current);
    if (was !== now) changes.push(change(path, was, now));
    diffNested(old?.type, current?.type, path, changes);
  }
  return changes;
}

function change(path: string, before: string | undefined, after: string | undefined): MemberChange {
  if (before === undefined) return { change: 'added', path, after: after! };
  if (after === undefined) return { change: 'removed', path, before };
  return { change: 'changed', path, before, after };
}

function diffObject(
  before: ObjectType | undefined,
  after: ObjectType | undefined,
  parent: string,
  changes: MemberChange[],
): void {
  const oldMembers = before?.members ?? [];
  const newMembers = after?.members ?? [];
  const oldByKey = new Map(oldMembers.map((member) => [member.key, member]));
  const newKeys = new Set(newMembers.map((member) => member.key));
  // Removed members, each filed under the last surviving member before it ('' = at the start).
  const removedAfter = new Map<string, TsMember[]>();
  let anchor = '';
  const seen = new Set<string>();
  for (const member of oldMembers) {
    if (seen.has(member.key)) continue;
    seen.add(member.key);
    if (newKeys.has(member.key)) anchor = member.key;
    else removedAfter.set(anchor, [...(removedAfter.get(anchor) ?? []), member]);
  }
  const emitRemoved = (key: string) => {
    for (const member of removedAfter.get(key) ?? []) compareMember(member, undefined, parent, changes);
  };
  emitRemoved('');
  const done = new Set<string>();
  for (const member of newMembers) {
    if (done.has(member.key)) continue;
    done.add(member.key);
    compareMember(oldByKey.get(member.key), member, parent, changes);
    emitRemoved(member.key);
  }
}

function compareMember(
  before: TsMember | undefined,
  after: TsMember | undefined,
  parent: string,
  changes: MemberChange[],
): void {
  const path = memberPath(parent, (after ?? before)!.key);
  const was = before && renderMember(before);
  const now = after && renderMember(after);
  if (was !== now) changes.push(change(path, was, now));
  diffNested(before?.type, after?.type, path, changes);
}

// The object types inside a member's type, each with the suffix that reaches it: `''` for the type
// itself or a union member, `[]` per array level, `[key]` for the values of a `Record<string, T>` (a
// dictionary), `<n>` for the n-th argument of another generic. The generator merges all objects at one
// position, so each suffix names at most one object.
function objectsIn(type: TsType | undefined, suffix = '', found = new Map<string, ObjectType>()) {
  if (type === undefined) return found;
  if (type.kind === 'object' && !found.has(suffix)) found.set(suffix, type);
  else if (type.kind === 'array') objectsIn(type.element, `${suffix}[]`, found);
  else if (type.kind === 'union') for (const member of type.members) objectsIn(member, suffix, found);
  else if (type.kind === 'ref') {
    if (type.name === 'Record' && type.args.length === 2) objectsIn(type.args[1], `${suffix}[key]`, found);
    else {
      for (const [index, arg] of type.args.entries()) objectsIn(arg, `${suffix}<${index}>`, found);
    }
  }
  return found;
}

function diffNested(
  before: TsType | undefined,
  after: TsType | undefined,
  path: string,
  changes: MemberChange[],
): void {
  const oldObjects = objectsIn(before);
  const newObjects = objectsIn(after);
  // An object that moved (`{ … }` became `{ … }[]`) is still the same object: when one is left
  // unpaired on each side, compare those two, under the new path.
  const oldOnly = [...oldObjects.keys()].filter((suffix) => !newObjects.has(suffix));
  const newOnly = [...newObjects.keys()].filter((suffix) => !oldObjects.has(suffix));
  if (oldOnly.length === 1 && newOnly.length === 1) {
    oldObjects.set(newOnly[0]!, oldObjects.get(oldOnly[0]!)!);
    oldObjects.delete(oldOnly[0]!);
  }
  const suffixes = new Set([...newObjects.keys(), ...oldObjects.keys()]);
  for (const suffix of suffixes) {
    diffObject(oldObjects.get(suffix), newObjects.get(suffix), `${path}${suffix}`, changes);
  }
}
