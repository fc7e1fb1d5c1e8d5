// Runs the endpoints of a config, at most `concurrency` at a time, showing each one's progress: a block
// redrawn in place on a terminal tall enough, otherwise one plain line as each endpoint finishes.
import type { JobMode } from '../../check/mode.js';
import type { ResolvedEndpoint } from '../../config-file/resolve.js';
import { Stopped } from '../../errors.js';
import type { CliIO } from '../../io.js';
import { describeSource } from '../../job/sources.js';
import { failureText } from '../../terminal/failure.js';
import type { Painter } from '../../terminal/paint.js';
import { fitsOnScreen, type Progress, terminalProgress } from '../../terminal/progress.js';
import { displayUrl } from '../../terminal/redact.js';
import { type EndpointResult, runEndpoint } from './endpoint.js';
import { forEachBounded } from './pool.js';
import { plainLine, progressLine } from './report.js';

export interface RunSettings {
  readonly outDir: string;
  readonly mode: JobMode;
  readonly baseDir: string;
  readonly concurrency: number;
  /** `--timeout`, which overrides the config's. */
  readonly timeoutMs: number | undefined;
  readonly verbose: boolean;
  /** Later runs of --watch: only files rewritten and failures are printed. */
  readonly quiet: boolean;
  /** Under --watch, aborted by Ctrl+C: endpoints and URLs not started yet are not. */
  readonly stop: AbortSignal | undefined;
}

/**
 * Runs every endpoint; failures are printed, then returned with the outcomes, in the config's order.
 * `undefined` when `settings.stop` aborted before every endpoint had run.
 */
export async function runEndpoints(
  endpoints: readonly ResolvedEndpoint[],
  settings: RunSettings,
  io: CliIO,
  paint: { out: Painter; err: Painter },
): Promise<EndpointResult[] | undefined> {
  const { out, err } = paint;
  const progress = progressBlock(endpoints, settings.quiet, io, out);
  const reportFailure = (result: EndpointResult) =>
    failureText(result.error, {
      secrets: result.secrets,
      verbose: settings.verbose,
      paint: err,
      prefix: `${result.endpoint.endpoint}: `,
    });
  const results: EndpointResult[] = [];
  await forEachBounded(endpoints, settings.concurrency, async (endpoint, index) => {
    if (settings.stop?.aborted) return;
    const result = await runEndpoint(
      endpoint,
      { outDir: settings.outDir, mode: settings.mode, timeoutMs: settings.timeoutMs, env: io.env },
      {
        baseDir: settings.baseDir,
        fetch: io.fetch,
        now: io.now,
        readStdin: () => Promise.reject(new Error('a config file cannot read stdin')),
        stop: settings.stop,
        onSource: (source) =>
          progress?.update(index, {
            symbol: '🔄',
            text:
              source.kind === 'url'
                ? `${endpoint.method} ${displayUrl(source.url)}`
                : `reading ${describeSource(source)}`,
          }),
      },
    );
    // Ctrl+C under --watch before this endpoint's URLs were all sent: it did not run.
    if (result.error instanceof Stopped) return;
    results[index] = result;
    progress?.update(index, progressLine(result, io.cwd, out));
    if (progress !== undefined) return;
    if (result.error !== undefined) io.stderr.write(reportFailure(result));
    else {
      const line = plainLine(result, io.cwd, out, err, settings.quiet);
      if (line !== undefined) (result.outcome?.status === 'drift' ? io.stderr : io.stdout).write(`${line}\n`);
    }
  });
  // Without the endpoints that did not run (stopped): `filter` skips the holes they left.
  const done = results.filter((result) => result !== undefined);
  if (progress !== undefined) {
    for (const result of done) if (result.error !== undefined) io.stderr.write(reportFailure(result));
  }
  for (const result of done) {
    for (const warning of result.warnings) {
      io.stderr.write(`${err.warning(`⚠️ ${result.endpoint.endpoint}: ${warning}`)}\n`);
    }
  }
  return done.length === endpoints.length ? results : undefined;
}

// Redrawing needs a terminal tall enough for the whole block; otherwise plain lines as endpoints finish.
function progressBlock(
  endpoints: readonly ResolvedEndpoint[],
  quiet: boolean,
  io: CliIO,
  out: Painter,
): Progress | undefined {
  const { columns, rows } = io.terminalSize();
  if (!io.isTTY.stdout || quiet || !fitsOnScreen(endpoints.length, rows)) return undefined;
  return terminalProgress(
    io.stdout,
    endpoints.map((each) => each.endpoint),
    columns,
    { symbol: '⏳', text: 'waiting', paint: out.dim },
  );
}
