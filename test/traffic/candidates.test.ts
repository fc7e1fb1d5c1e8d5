import { describe, expect, it } from 'vitest';
import { type RoundView, visitCandidates } from '../../src/traffic/candidates.js';
import { isParamSegment } from '../../src/traffic/template.js';

interface Round {
  readonly view: RoundView;
  /** Puts b's group into a's. */
  join(a: number, b: number): void;
}

/** A round over paths (`{}` is a parameter), each its own group, all fresh unless told. */
function round(
  paths: readonly string[],
  options: { kind?: (index: number) => string | undefined; stale?: number[] } = {},
): Round {
  const segments = paths.map((path) => path.split('/').filter((segment) => segment !== ''));
  const marks = segments.map((list) => list.map((segment) => segment === '{}' || isParamSegment(segment)));
  const group = paths.map((_, index) => index);
  return {
    view: {
      segments: (index) => segments[index]!,
      marks: (index) => marks[index]!,
      kind: options.kind ?? (() => 'object'),
      sameGroup: (a, b) => group[a] === group[b],
      fresh: (index) => !(options.stale ?? []).includes(index),
    },
    join(a, b) {
      const from = group[b];
      group.forEach((value, index) => {
        if (value === from) group[index] = group[a]!;
      });
    },
  };
}

function visited(paths: readonly string[], options?: Parameters<typeof round>[1]): [number, number][] {
  const pairs: [number, number][] = [];
  visitCandidates(
    paths.map((_, index) => index),
    round(paths, options).view,
    (a, b) => pairs.push([a, b]),
  );
  return pairs;
}

const word = (i: number): string =>
  `w${i.toString(26).replace(/\d/g, (digit) => 'qrstuvwxyz'[Number(digit)]!)}`;

describe('visitCandidates', () => {
  it('compares no two of 1,000 paths that share no literal segment (/a<i>/b<i>)', () => {
    const paths = Array.from({ length: 1000 }, (_, i) => `/a${word(i)}/b${word(i)}`);
    expect(visited(paths)).toEqual([]);
  });

  it('compares each of 1,000 names under one collection once when they all merge with the first', () => {
    const paths = Array.from({ length: 1000 }, (_, i) => `/items/${word(i)}`);
    const { view, join } = round(paths);
    let comparisons = 0;
    visitCandidates(
      paths.map((_, index) => index),
      view,
      (a, b) => {
        comparisons++;
        join(a, b);
      },
    );
    expect(comparisons).toBe(999);
  });

  it('compares the pairs that differ in one literal, in the order comparing every pair would', () => {
    expect(visited(['/users/alice', '/users/bob', '/orgs/acme', '/users/carol', '/orgs/acme/x'])).toEqual([
      [0, 1],
      [0, 3],
      [1, 3],
    ]);
  });

  it('compares a literal with a parameter beside one other difference (/repos/octocat/{} and /repos/torvalds/linux)', () => {
    expect(visited(['/repos/octocat/{}', '/repos/torvalds/linux', '/orgs/torvalds/linux'])).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });

  it('never compares paths that share no literal where both have one, nor paths with no answer', () => {
    expect(visited(['/{}/alice', '/users/{}', '/{}/{}'])).toEqual([]);
    expect(
      visited(['/users/alice', '/users/bob'], { kind: (index) => (index === 0 ? undefined : 'object') }),
    ).toEqual([]);
  });

  it('does not compare again two paths whose groups did not change in the last round', () => {
    expect(visited(['/users/alice', '/users/bob', '/users/carol'], { stale: [0, 1] })).toEqual([
      [0, 2],
      [1, 2],
    ]);
  });
});
