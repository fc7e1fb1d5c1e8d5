// Paths -> templates: `/users/1` and `/users/2` -> `/users/{id}`. The one path-template rule of the
// package: HAR runs, config runs, capture and the CLI's file headers all template paths here. The rules,
// their reasons and their limits are in docs/traffic.md, "How paths become templates" and "How parameters
// are named".
import { isIdLike } from '../shared/id-like.js';
import { safeDecode } from '../shared/safe-decode.js';
import { type RoundView, visitCandidates } from './candidates.js';
import { type Outline, similar } from './similar.js';

/** One distinct path of the traffic: its raw (percent-encoded) segments and the outline of its 2xx bodies. */
export interface PathSample {
  readonly segments: readonly string[];
  readonly outline: Outline | undefined;
}

/** A path's template: `/users/{id}`, and its parameters in path order. */
export interface PathTemplate {
  readonly template: string;
  /** The parameters in path order, each with its position among the segments. */
  readonly params: readonly { readonly name: string; readonly position: number }[];
}

// Long mixed letter-and-digit segments (share links, signed tokens) are parameters even when seen once,
// so a token in a path never reaches a template, a type name or a document.
const TOKEN_LIKE = /^(?=.*\d)(?=.*[A-Za-z]).{20,}$/;
// API versions stay literal: `/v1/users` and `/v2/users` are two APIs, not one with a parameter.
const VERSION_LIKE = /^v\d+(?:\.\d+)*$/i;

/** Whether one decoded segment is a parameter on its own, whatever the other paths hold. */
export function isParamSegment(decoded: string): boolean {
  return isIdLike(decoded) || TOKEN_LIKE.test(decoded);
}

/** A URL path's segments, still percent-encoded, empty ones dropped: `/users/1/` -> `['users', '1']`. */
export function pathSegments(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

/**
 * The template of one URL on its own, with nothing to compare it with: its id-like segments become
 * parameters, named by the same rule as in {@link templatePaths}. The query, the fragment and the host
 * never take part; other segments stay percent-encoded, so the template holds no line break.
 * @example templateOfUrl(new URL('https://h/users/42/posts/7')).template // '/users/{userId}/posts/{id}'
 */
export function templateOfUrl(url: URL): PathTemplate {
  return templatePaths([{ segments: pathSegments(url.pathname), outline: undefined }])[0]!;
}

/** Paths merged so far. Every member has the same marks (parameters), so the group holds them. */
interface Group {
  readonly members: number[];
  /** The smallest member: the one compared for the group in the next round. */
  min: number;
  readonly marks: boolean[];
  /** Per segment, whether every member's value there is a parameter on its own (an id, a token). */
  readonly ids: boolean[];
}

/** What merging reads and changes: the paths, their decoded segments, each path's group, and the groups
 * the round changed. */
interface Merging {
  readonly paths: readonly PathSample[];
  readonly decoded: readonly string[][];
  readonly groups: Group[];
  readonly changed: Set<Group>;
}

/**
 * The template of each path, in the order given. Paths that end with the same template are one
 * resource; every method of the traffic shares these templates.
 */
export function templatePaths(paths: readonly PathSample[]): PathTemplate[] {
  const decoded = paths.map((path) => path.segments.map(safeDecode));
  // Paths merged once stay together: a mark set on one is set on every path merged with it. Paths that
  // already read the same (`/users/1`, `/users/2`) start together, and only one path per group is compared.
  const groups: Group[] = [];
  const start = new Map<string, Group>();
  paths.forEach((path, index) => {
    const marks = decoded[index]!.map(isParamSegment);
    const key = shapeKey(path.segments, marks);
    let group = start.get(key);
    if (group === undefined) {
      group = { members: [], min: index, marks, ids: [...marks] };
      start.set(key, group);
    }
    group.members.push(index);
    groups[index] = group;
  });
  const merging: Merging = { paths, decoded, groups, changed: new Set(groups) };
  // Each merge makes two groups one, so this ends; a round with no merge changes nothing and is the last.
  while (merging.changed.size > 0) {
    const byLength = new Map<number, number[]>();
    const fresh = new Set<number>();
    groups.forEach((group, index) => {
      if (group.min !== index) return;
      if (merging.changed.has(group)) fresh.add(index);
      const bucket = byLength.get(paths[index]!.segments.length) ?? [];
      bucket.push(index);
      byLength.set(paths[index]!.segments.length, bucket);
    });
    merging.changed.clear();
    const view: RoundView = {
      segments: (index) => decoded[index]!,
      marks: (index) => groups[index]!.marks,
      kind: (index) => paths[index]!.outline?.kind,
      sameGroup: (a, b) => groups[a] === groups[b],
      fresh: (index) => fresh.has(index),
    };
    for (const bucket of byLength.values()) visitCandidates(bucket, view, (a, b) => mergePair(a, b, merging));
  }
  // Paths with the same marks and literals share one set of names, derived from all their values.
  const named = new Map<string, number[]>();
  paths.forEach((path, index) => {
    const key = shapeKey(path.segments, groups[index]!.marks);
    const group = named.get(key) ?? [];
    group.push(index);
    named.set(key, group);
  });
  const result: PathTemplate[] = new Array(paths.length);
  for (const group of named.values()) {
    const first = group[0]!;
    const template = nameTemplate(
      decoded[first]!,
      paths[first]!.segments,
      groups[first]!.marks,
      group.map((index) => decoded[index]!),
    );
    for (const index of group) result[index] = template;
  }
  return result;
}

/**
 * Two paths of one length that differ in exactly one literal segment, and answer alike, make it a
 * parameter; where one of them already has a parameter and the other a literal, that literal joins it
 * (`/repos/octocat/{repo}` and `/repos/torvalds/linux` -> `/repos/{owner}/{repo}`). A path that differs
 * only by a literal where the other has a parameter joins it when that parameter holds names
 * (`/users/carol` beside `/users/{user}`), not when it holds ids (`/users/me` beside `/users/{id}`).
 */
function mergePair(a: number, b: number, { paths, decoded, groups, changed }: Merging): void {
  const groupA = groups[a]!;
  const groupB = groups[b]!;
  if (groupA === groupB) return;
  const marksA = groupA.marks;
  const marksB = groupB.marks;
  const literalDiffs: number[] = [];
  const mismatches: number[] = [];
  const segmentsA = decoded[a]!;
  const segmentsB = decoded[b]!;
  for (let k = 0; k < segmentsA.length; k++) {
    const markA = marksA[k]!;
    const markB = marksB[k]!;
    if (markA && markB) continue;
    if (markA !== markB) mismatches.push(k);
    else if (segmentsA[k] !== segmentsB[k]) {
      literalDiffs.push(k);
      if (literalDiffs.length > 1) return;
    }
  }
  if (literalDiffs.length > 1 || (literalDiffs.length === 0 && mismatches.length === 0)) return;
  // The same neighbours are the evidence: paths with no literal in common (`/health`, `/status`) are
  // distinct resources, not values of one parameter.
  const sharesLiteral = segmentsA.some(
    (segment, k) => !marksA[k]! && !marksB[k]! && segment === segmentsB[k],
  );
  if (!sharesLiteral) return;
  // A version never becomes a parameter, whether it differs from another literal or stands beside one.
  const merged = [...literalDiffs, ...mismatches];
  if (merged.some((k) => VERSION_LIKE.test(segmentsA[k]!) || VERSION_LIKE.test(segmentsB[k]!))) return;
  // A literal right before a parameter of ids names a collection (`/users/{id}`, `/orgs/{id}`): two
  // collections are two resources, however alike their items.
  const idsAt = (k: number): boolean => groupA.ids[k] === true && groupB.ids[k] === true;
  const beforeIds = (k: number): boolean => idsAt(k + 1);
  // A literal right after a parameter of ids names a sub-resource (`/users/{id}/settings`,
  // `/users/{id}/profile`): two sub-resources are two resources too.
  const afterIds = (k: number): boolean => idsAt(k - 1);
  // Two plural words are two collections too (`/api/teams`, `/api/orgs`), not two values of one name.
  const collections = (k: number): boolean =>
    singular(segmentsA[k]!) !== undefined && singular(segmentsB[k]!) !== undefined;
  // A varying last segment is a member of a collection only after a plural word (`/users/alice`), a
  // parameter (`/repos/{owner}/linux`) or a name right after a plural word (`/repos/octocat/linux`);
  // under any other literal two words are two resources (`/api/health`, `/api/status`).
  const literalAt = (k: number): boolean => k >= 0 && !marksA[k]! && !marksB[k]!;
  const notMembers = (k: number): boolean =>
    k === segmentsA.length - 1 &&
    (k === 0 || literalAt(k - 1)) &&
    singular(segmentsA[k - 1] ?? '') === undefined &&
    !(literalAt(k - 2) && singular(segmentsA[k - 2]!) !== undefined);
  if (literalDiffs.some((k) => beforeIds(k) || afterIds(k) || collections(k) || notMembers(k))) return;
  // Only literal-beside-parameter differences: the literal joins when the parameter holds names, not
  // ids (`/users/carol` joins `/users/{user}` of alice and bob; `/users/me` stays beside `/users/{id}`).
  if (literalDiffs.length === 0 && mismatches.some((k) => (marksA[k] ? groupA : groupB).ids[k])) return;
  if (!similar(paths[a]!.outline, paths[b]!.outline)) return;
  changed.add(join(groupA, groupB, merged, groups));
}

/** Makes two groups one, with the marks of both and the segments that merged them as parameters; returns it. */
function join(a: Group, b: Group, merged: readonly number[], groups: Group[]): Group {
  const [big, small] = a.members.length >= b.members.length ? [a, b] : [b, a];
  for (const member of small.members) {
    big.members.push(member);
    groups[member] = big;
  }
  big.min = Math.min(big.min, small.min);
  small.ids.forEach((id, k) => {
    if (!id) big.ids[k] = false;
  });
  for (const k of merged) big.marks[k] = true;
  return big;
}

/** The segments with every parameter as `{}`: paths with the same key have the same template. */
function shapeKey(segments: readonly string[], marks: readonly boolean[]): string {
  return segments.map((segment, k) => (marks[k] ? '{}' : segment)).join('/');
}

/** The template text and parameter names of one group of paths. */
function nameTemplate(
  decoded: readonly string[],
  raw: readonly string[],
  marks: readonly boolean[],
  values: readonly (readonly string[])[],
): PathTemplate {
  const names = new Map<number, string>();
  const used = new Set<string>();
  const lastParam = marks.lastIndexOf(true);
  // Derived names first, then the generic ones fill in around them.
  for (let start = 0; start < marks.length; start++) {
    if (!marks[start] || (start > 0 && marks[start - 1])) continue;
    let end = start;
    while (marks[end + 1]) end++;
    const word = start > 0 ? singular(decoded[start - 1]!) : undefined;
    if (word === undefined) continue;
    const allIds = (position: number) => values.every((segments) => isIdLike(segments[position]!));
    const run = end - start + 1;
    const derived: string[] = [];
    if (run === 1) {
      if (!allIds(start)) derived.push(word);
      else derived.push(start === lastParam ? 'id' : `${word}Id`);
    } else if (run === 2 && !allIds(end)) {
      derived.push('owner', word);
    }
    derived.forEach((name, offset) => {
      if (used.has(name)) return;
      used.add(name);
      names.set(start + offset, name);
    });
  }
  let counter = 1;
  const params: { name: string; position: number }[] = [];
  marks.forEach((mark, position) => {
    if (!mark) return;
    let name = names.get(position);
    if (name === undefined) {
      do {
        name = counter === 1 ? 'id' : `id${counter}`;
        counter++;
      } while (used.has(name));
      used.add(name);
      names.set(position, name);
    }
    params.push({ name, position });
  });
  const template = `/${raw.map((segment, position) => (marks[position] ? `{${names.get(position)}}` : segment)).join('/')}`;
  return { template, params };
}

/** Plurals of words ending in `ie` (`movies` -> `movie`, not `movy`); other `-ies` words end in `y`. */
const IE_PLURALS: ReadonlySet<string> = new Set(
  'movies cookies zombies selfies rookies hoodies calories goalies newbies freebies brownies smoothies genies pies ties lies dies aunties bookies sorties prairies veggies birdies'.split(
    ' ',
  ),
);
/** Words whose plural is the word itself: `series/{seriesId}`. */
const SAME_IN_PLURAL: ReadonlySet<string> = new Set(['series', 'species']);

/** The last word of a camel-cased word, lower-cased: `userCookies` -> `cookies`. */
function lastWord(word: string): string {
  const match = /[A-Z][a-z]+$/.exec(word);
  return (match !== null && match.index > 0 ? match[0] : word).toLowerCase();
}

/**
 * The singular of a plural resource word, camel-cased: `users` -> `user`, `categories` -> `category`,
 * `order-items` -> `orderItem`, `movies` -> `movie`, `series` -> `series`; undefined when the segment is not a plural word (`v1`, `search`, `status`).
 */
export function singular(segment: string): string | undefined {
  if (!/^[A-Za-z]+(?:[-_][A-Za-z]+)*$/.test(segment)) return undefined;
  const words = segment.split(/[-_]/);
  const last = words.pop()!;
  let one: string;
  const tail = lastWord(last);
  if (SAME_IN_PLURAL.has(tail)) one = last;
  else if (IE_PLURALS.has(tail)) one = last.slice(0, -1);
  else if (/[^aeiou]ies$/i.test(last)) one = `${last.slice(0, -3)}y`;
  else if (/(?:ss|us|is)$/i.test(last) || !/s$/i.test(last) || last.length < 3) return undefined;
  else if (/(?:sses|uses|xes|ches|shes|zzes)$/i.test(last)) one = last.slice(0, -2);
  else one = last.slice(0, -1);
  return [...words, one]
    .map((word, index) =>
      index === 0
        ? word.charAt(0).toLowerCase() + word.slice(1)
        : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join('');
}
