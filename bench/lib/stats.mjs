/** Small statistics and table printing for the benchmarks. */

/** The median of a list of numbers (the mean of the two middle values for an even count). */
export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Formats a number with a fixed number of decimals and thousands separators. */
export function fmt(value, decimals = 0) {
  if (!Number.isFinite(value)) return 'n/a';
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** A ratio as `1.23x`. */
export function ratio(value, base) {
  if (!Number.isFinite(value) || !Number.isFinite(base) || base === 0) return 'n/a';
  return `${(value / base).toFixed(2)}x`;
}

/**
 * A Markdown table. `columns` are header strings; `rows` arrays of cells (strings). Numbers are
 * right-aligned (a cell that starts with a digit, a sign or ends with x), text left-aligned.
 */
export function table(columns, rows) {
  const widths = columns.map((c, i) => Math.max(c.length, ...rows.map((r) => String(r[i]).length)));
  const numeric = columns.map((_, i) => i > 0 && rows.every((r) => /^[-+~\d.,]|x$|n\/a/.test(String(r[i]))));
  const line = (cells) =>
    `| ${cells.map((c, i) => (numeric[i] ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (numeric[i] ? `${'-'.repeat(w + 1)}:` : `${'-'.repeat(w + 2)}`)).join('|')}|`;
  return [line(columns), rule, ...rows.map(line)].join('\n');
}

/** `PASS`/`FAIL` for a target check. */
export function verdict(ok) {
  return ok ? 'PASS' : 'FAIL';
}

/**
 * The median over reps of `a[i] / b[i]`, the two measured in the same rep (paired, so a slow phase of
 * the machine that hits both cancels out). Reps missing on either side are left out.
 */
export function pairedRatio(a, b) {
  const count = Math.min(a.length, b.length);
  return median(Array.from({ length: count }, (_, i) => a[i] / b[i]));
}
