// `typefetch --type --config <file>`: every endpoint of the config, at most `concurrency` at a time,
// one file each plus an index.ts. One endpoint failing does not stop the others; the exit status is 0
// only when every endpoint succeeded (with --check: and every file matched). The index re-exports only
// TypeScript outputs (typescript and zod); a JSON Schema file has nothing to export.
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfigCommand } from '../../args/parse.js';
import { type Comparison, reportLines } from '../../check/compare.js';
import { loadConfig } from '../../config-file/load.js';
import { type ResolvedConfig, resolveConfig } from '../../config-file/resolve.js';
import { UsageError } from '../../errors.js';
import { type CliIO, type Cycle, EXIT } from '../../io.js';
import { FORMAT_FILES } from '../../job/output-format.js';
import { describeSource } from '../../job/sources.js';
import { failureText, usageText } from '../../terminal/failure.js';
import { displayPath, painter, wantsColor } from '../../terminal/paint.js';
import { fitsOnScreen, type Progress, terminalProgress } from '../../terminal/progress.js';
import { displayUrl } from '../../terminal/redact.js';
import { type EndpointResult, runEndpoint } from './endpoint.js';
import { checkIndex, INDEX_NAME, indexContent, writeIndex } from './index-file.js';
import { forEachBounded } from './pool.js';
import { plainLine, progressLine, summaryLine } from './report.js';

export async function runConfig(
  command: ResolvedConfigCommand,
  io: CliIO,
  cycle: Cycle = 'once',
): Promise<number> {
  const out = painter(wantsColor(io.isTTY.stdout, io.env));
  const err = painter(wantsColor(io.isTTY.stderr, io.env));
  const file = path.resolve(io.cwd, command.configPath);
  let config: ResolvedConfig;
  try {
    const shown = displayPath(io.cwd, file);
    config = resolveConfig(await loadConfig(file, shown), file, shown);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(usageText(error.message, err));
    return EXIT.usage;
  }
  const outDir = command.out === undefined ? config.outDir : path.resolve(io.cwd, command.out);
  const quiet = cycle === 'again';
  const mode = command.check ? 'check' : cycle === 'once' ? 'write' : 'update';
  // --format, --named, --no-maps and --formats given with --config override every endpoint's setting.
  const endpoints = config.endpoints.map((each) => ({
    ...each,
    output: { ...each.output, ...command.output },
  }));
  const { columns, rows } = io.terminalSize();
  // Redrawing needs a terminal tall enough for the whole block; otherwise plain lines as endpoints finish.
  const progress: Progress | undefined =
    io.isTTY.stdout && !quiet && fitsOnScreen(endpoints.length, rows)
      ? terminalProgress(
          io.stdout,
          endpoints.map((each) => each.endpoint),
          columns,
          { symbol: '⏳', text: 'waiting', paint: out.dim },
        )
      : undefined;
  const reportFailure = (result: EndpointResult) =>
    failureText(result.error, {
      secrets: result.secrets,
      verbose: command.verbose,
      paint: err,
      prefix: `${result.endpoint.endpoint}: `,
    });

  const results: EndpointResult[] = [];
  await forEachBounded(endpoints, command.concurrency ?? config.concurrency, async (endpoint, index) => {
    const result = await runEndpoint(
      endpoint,
      { outDir, mode, timeoutMs: command.timeoutMs, env: io.env },
      {
        baseDir: config.baseDir,
        fetch: io.fetch,
        now: io.now,
        readStdin: () => Promise.reject(new Error('a config file cannot read stdin')),
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
    results[index] = result;
    progress?.update(index, progressLine(result, io.cwd, out));
    if (progress === undefined) {
      if (result.error !== undefined) io.stderr.write(reportFailure(result));
      else {
        const line = plainLine(result, io.cwd, out, err, quiet);
        if (line !== undefined)
          (result.outcome?.status === 'drift' ? io.stderr : io.stdout).write(`${line}\n`);
      }
    }
  });

  if (progress !== undefined) {
    for (const result of results) if (result.error !== undefined) io.stderr.write(reportFailure(result));
  }
  for (const result of results) {
    for (const warning of result.warnings) {
      io.stderr.write(`${err.warning(`⚠️ ${result.endpoint.endpoint}: ${warning}`)}\n`);
    }
  }

  // The index lists every TypeScript output whose file exists: written now, or kept from an earlier run.
  const listed: string[] = [];
  for (const result of results) {
    const name = result.endpoint.endpoint;
    if (FORMAT_FILES[result.endpoint.output.format].extension !== '.ts') continue;
    if (mode === 'check' || result.outcome !== undefined || (await exists(path.join(outDir, `${name}.ts`)))) {
      listed.push(name);
    }
  }
  const index = indexContent(listed, io.now());
  let indexDrift: Comparison | undefined;
  let indexError: unknown;
  try {
    if (listed.length === 0) {
      // Nothing to re-export (every output is a JSON Schema, or none was written): no index.ts.
    } else if (mode === 'check') {
      const comparison = await checkIndex(outDir, index);
      if (comparison.kind !== 'match') indexDrift = comparison;
    } else {
      await writeIndex(outDir, index, mode === 'update');
    }
  } catch (error) {
    indexError = error;
    io.stderr.write(
      failureText(error, { secrets: [], verbose: command.verbose, paint: err, prefix: `${INDEX_NAME}.ts: ` }),
    );
  }

  // Drift reports, in the config's order, after the progress block.
  const reports: [string, Comparison][] = results.flatMap((result) =>
    result.outcome?.status === 'drift'
      ? [[result.outcome.file, result.outcome.comparison] as [string, Comparison]]
      : [],
  );
  if (indexDrift !== undefined) reports.push([path.join(outDir, `${INDEX_NAME}.ts`), indexDrift]);
  for (const [driftFile, comparison] of reports) {
    io.stdout.write(
      [
        `📋 ${displayPath(io.cwd, driftFile)} differs from the response (- file, + response):`,
        ...reportLines(comparison, out),
        '',
      ].join('\n'),
    );
  }

  const failed =
    results.filter((result) => result.error !== undefined).length + (indexError === undefined ? 0 : 1);
  const ok = failed === 0 && reports.length === 0;
  const summary = summaryLine(results, {
    mode,
    outDir: displayPath(io.cwd, outDir),
    indexDrift: indexDrift !== undefined,
    indexFailed: indexError !== undefined,
    indexWritten: listed.length > 0,
  });
  if (!quiet || !ok) (ok ? io.stdout : io.stderr).write(`${(ok ? out.success : err.error)(summary)}\n`);
  return ok ? EXIT.ok : EXIT.failure;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
