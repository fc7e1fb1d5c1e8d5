// The lines a config run prints about its endpoints: in the terminal's progress block, as plain lines,
// and the one-line summary at the end.
import { outputFileName } from '../../../shared/output-file.js';
import type { JobMode } from '../../check/mode.js';
import { checkSummary, summarize } from '../../check/report.js';
import { shortMessage } from '../../terminal/failure.js';
import { displayPath, type Painter } from '../../terminal/paint.js';
import type { ProgressLine } from '../../terminal/progress.js';
import type { EndpointResult } from './endpoint.js';

/** The finished state of an endpoint in the progress block. */
export function progressLine(result: EndpointResult, cwd: string, out: Painter): ProgressLine {
  const { outcome } = result;
  if (outcome === undefined) {
    return { symbol: '❌', text: shortMessage(result.error, result.secrets), paint: out.error };
  }
  const samples = outcome.samples > 1 ? ` (${outcome.samples} samples)` : '';
  switch (outcome.status) {
    case 'written':
      return { symbol: '✅', text: `${displayPath(cwd, outcome.file)}${samples}`, paint: out.success };
    case 'unchanged':
      return { symbol: '✅', text: `up to date${samples}`, paint: out.success };
    case 'match':
      return {
        symbol: '✅',
        text: `matches ${displayPath(cwd, outcome.file)}${samples}`,
        paint: out.success,
      };
    case 'drift':
      return { symbol: '❌', text: `out of date: ${summarize(outcome.comparison)}`, paint: out.error };
  }
}

/**
 * The line printed off a terminal when an endpoint succeeds or drifts (failures print their error).
 * `quiet` (later runs of --watch) keeps only the files that were rewritten.
 */
export function plainLine(
  result: EndpointResult,
  cwd: string,
  out: Painter,
  err: Painter,
  quiet: boolean,
): string | undefined {
  const { outcome } = result;
  if (outcome === undefined || (quiet && outcome.status !== 'written')) return undefined;
  const line = progressLine(result, cwd, out);
  const text = `${line.symbol} ${result.endpoint.endpoint}: ${line.text}`;
  return outcome.status === 'drift' ? err.error(text) : out.success(text);
}

interface SummaryFacts {
  readonly mode: JobMode;
  readonly outDir: string;
  readonly indexWritten: boolean;
  readonly indexDrift: boolean;
  readonly indexFailed: boolean;
}

/** `✅ 3 endpoints: 3 written to src/types, with index.ts` or `❌ 1 of 3 endpoints failed: posts`. */
export function summaryLine(results: readonly EndpointResult[], facts: SummaryFacts): string {
  const total = `${results.length} ${results.length === 1 ? 'endpoint' : 'endpoints'}`;
  const names = (status: string) =>
    results.filter((each) => each.outcome?.status === status).map((each) => each.endpoint.endpoint);
  const failed = results.filter((each) => each.error !== undefined).map((each) => each.endpoint.endpoint);
  if (facts.indexFailed) failed.push('index.ts');
  if (facts.mode === 'check') {
    // By file name: a json-schema endpoint's file is `<name>.json`.
    const drifted = results
      .filter((each) => each.outcome?.status === 'drift')
      .map((each) => outputFileName(each.endpoint.endpoint, each.endpoint.output.format));
    if (facts.indexDrift) drifted.push('index');
    return checkSummary(total, drifted, failed, facts.outDir);
  }
  const done = [
    [names('written').length, 'written'],
    [names('unchanged').length, 'up to date'],
  ]
    .filter(([count]) => count !== 0)
    .map(([count, what]) => `${count} ${what}`)
    .join(', ');
  const where = `in ${facts.outDir}${facts.indexWritten && !facts.indexFailed ? ', with index.ts' : ''}`;
  if (failed.length === 0) return `✅ ${total}: ${done} ${where}`;
  return `❌ ${failed.length} of ${total} failed: ${failed.join(', ')}${done === '' ? '' : `; ${done} ${where}`}`;
}
