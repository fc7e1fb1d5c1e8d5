// A plain line diff, for files `--check` cannot read as generated declarations (edited by hand) or that
// differ only in formatting. Longest common subsequence on what lies between the common head and tail.

export interface LineHunk {
  /** 1-based line of the first removed line in the existing file (or where lines were added). */
  readonly beforeLine: number;
  readonly removed: readonly string[];
  readonly added: readonly string[];
}

// Past this many table cells (e.g. 2,000 x 2,000 changed lines) the middle is shown as one replacement.
const MAX_CELLS = 4_000_000;

export function diffLines(before: readonly string[], after: readonly string[]): LineHunk[] {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  ) {
    tail++;
  }
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  if (a.length === 0 && b.length === 0) return [];
  if (a.length * b.length > MAX_CELLS) return [{ beforeLine: head + 1, removed: a, added: b }];

  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] =
        a[i] === b[j]
          ? lcs[(i + 1) * width + j + 1]! + 1
          : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  const hunks: LineHunk[] = [];
  let current: { beforeLine: number; removed: string[]; added: string[] } | undefined;
  const flush = () => {
    if (current !== undefined) hunks.push(current);
    current = undefined;
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush();
      i++;
      j++;
      continue;
    }
    current ??= { beforeLine: head + i + 1, removed: [], added: [] };
    if (j >= b.length || (i < a.length && lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!)) {
      current.removed.push(a[i++]!);
    } else {
      current.added.push(b[j++]!);
    }
  }
  flush();
  return hunks;
}
