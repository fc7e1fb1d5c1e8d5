// Which paths of one merging round are worth comparing. Two paths merge only when they agree on every
// segment that is a literal in both, but one, and share at least one of them (docs/traffic.md, "How
// paths become templates"); so paths are filed under those literals and only paths filed together are
// compared. This keeps templating thousands of distinct paths near-linear where comparing every pair of
// paths is quadratic.

/** What the round knows of a path: its decoded segments, its marks (parameters) and its answers' kind. */
export interface RoundView {
  segments(index: number): readonly string[];
  marks(index: number): readonly boolean[];
  /** The JSON kind of its 2xx answers, undefined when it has none (such a path never merges). */
  kind(index: number): string | undefined;
  sameGroup(a: number, b: number): boolean;
  /** Whether its group changed in the last round (all are fresh in the first): others were compared then. */
  fresh(index: number): boolean;
}

/**
 * The paths of one kind of marks filed under one key, and those they are compared with: the paths of
 * the other kind of marks filed under it (or these same paths). `from` is where the paths after the last
 * one visited start in `others`; `rest` is what of them was not in its group.
 */
interface Side {
  readonly entries: number[];
  others: number[];
  from: number;
  last: number;
  rest: number[];
}

/**
 * Calls `visit(a, b)` for each pair of `reps` (same length, ascending) that could merge, in the order
 * comparing every pair would (by `a`, then `b`), skipping pairs already in one group. A merge made by
 * `visit` is seen by the later pairs; a pair that only a merge of this round made comparable waits for
 * the next round. Two groups that did not change in the last round were compared then: they are not
 * compared again.
 */
export function visitCandidates(
  reps: readonly number[],
  view: RoundView,
  visit: (a: number, b: number) => void,
): void {
  const sidesOf = sidesOfReps(reps, view);
  for (const a of reps) {
    const sides = sidesOf.get(a);
    if (sides === undefined) continue;
    const found = new Set<number>();
    for (const side of sides) {
      while (side.from < side.others.length && side.others[side.from]! <= a) side.from++;
      // Paths that were in one group with the last one visited still are: only the rest needs a look
      // (unless the rest left out stale paths that this one, fresh, must see).
      const last = side.last;
      const useRest = last !== -1 && view.sameGroup(last, a) && (view.fresh(last) || !view.fresh(a));
      const base = useRest ? side.rest : side.others.slice(side.from);
      side.last = a;
      side.rest = base.filter((b) => b > a && !view.sameGroup(a, b) && (view.fresh(a) || view.fresh(b)));
      for (const b of side.rest) found.add(b);
    }
    for (const b of [...found].sort((x, y) => x - y)) if (!view.sameGroup(a, b)) visit(a, b);
    for (const side of sides) side.rest = side.rest.filter((b) => !view.sameGroup(a, b));
  }
}

/**
 * The sides each rep is on, only those with a path to compare and a fresh path. For each two kinds of
 * marks P and Q of the round (only kinds of fresh paths, if the path is not fresh), a path of marks P is
 * filed under the literals it has where both P and Q have literals: once as they are, and once per
 * segment left out. A key may bring together paths that cannot merge (a segment holding the
 * separator): they are only compared.
 */
function sidesOfReps(reps: readonly number[], view: RoundView): Map<number, Side[]> {
  const comparable = reps.filter((rep) => view.kind(rep) !== undefined);
  const patterns = new Map<string, readonly boolean[]>();
  const freshPatterns = new Map<string, readonly boolean[]>();
  for (const rep of comparable) {
    const pattern = patternOf(view.marks(rep));
    patterns.set(pattern, view.marks(rep));
    if (view.fresh(rep)) freshPatterns.set(pattern, view.marks(rep));
  }
  // Under each key, one side per kind of marks: one side when both kinds are the same, else two.
  const keys = new Map<string, { readonly same: boolean; readonly sides: Map<string, Side> }>();
  for (const rep of comparable) {
    const own = view.marks(rep);
    const ownPattern = patternOf(own);
    const segments = view.segments(rep);
    const file = (key: string, same: boolean): void => {
      const filed = keys.get(key) ?? { same, sides: new Map<string, Side>() };
      keys.set(key, filed);
      const side = filed.sides.get(ownPattern);
      if (side === undefined)
        filed.sides.set(ownPattern, { entries: [rep], others: [], from: 0, last: -1, rest: [] });
      else side.entries.push(rep);
    };
    for (const [pattern, other] of view.fresh(rep) ? patterns : freshPatterns) {
      const shared: string[] = [];
      for (let k = 0; k < own.length; k++) if (!own[k] && !other[k]) shared.push(segments[k]!);
      if (shared.length === 0) continue;
      const same = pattern === ownPattern;
      const prefix = `${view.kind(rep)}\u0000${ownPattern < pattern ? ownPattern + pattern : pattern + ownPattern}\u0000`;
      // Same marks and the same literals: the same shape, nothing to merge.
      if (!same) file(prefix + shared.join('\u0000'), same);
      if (shared.length < 2) continue;
      for (let left = 0; left < shared.length; left++) {
        file(`${prefix}${left}\u0000${shared.filter((_, k) => k !== left).join('\u0000')}`, same);
      }
    }
  }
  const sidesOf = new Map<number, Side[]>();
  for (const { same, sides } of keys.values()) {
    const [first, second] = [...sides.values()] as [Side, Side | undefined];
    if (same) first.others = first.entries;
    else if (second !== undefined) [first.others, second.others] = [second.entries, first.entries];
    for (const side of [first, second]) {
      if (side === undefined || side.others.length < (same ? 2 : 1)) continue;
      if (!side.entries.some(view.fresh) && !side.others.some(view.fresh)) continue;
      for (const rep of side.entries) {
        const list = sidesOf.get(rep);
        if (list === undefined) sidesOf.set(rep, [side]);
        else list.push(side);
      }
    }
  }
  return sidesOf;
}

function patternOf(marks: readonly boolean[]): string {
  return marks.map((mark) => (mark ? '1' : '0')).join('');
}
