// The config command, `typefetch --type --config <file>`: every endpoint of the config, at most
// `concurrency` at a time, one file each plus an index.ts. One endpoint failing does not stop the
// others; the exit status is 0 only when every endpoint succeeded (with --check: and every file matched).
import path from 'node:path';
import { writeAtomically } from '../../../node/atomic-write.js';
import { readIfExists } from '../../../node/read-if-exists.js';
import { outputFileName } from '../../../shared/output-file.js';
import { emitOpenApi } from '../../../traffic/openapi.js';
import type { ResolvedConfigCommand } from '../../args/parse.js';
import type { Comparison } from '../../check/compare.js';
import { type JobMode, jobMode } from '../../check/mode.js';
import { driftReport } from '../../check/report.js';
import { loadConfig } from '../../config-file/load.js';
import { type ResolvedConfig, resolveConfig } from '../../config-file/resolve.js';
import { UsageError } from '../../errors.js';
import { type CliIO, type Command, EXIT } from '../../io.js';
import { checkOutDir } from '../../job/out-dir.js';
import { ZOD_MISSING, zodResolvable } from '../../job/zod-check.js';
import { failureText, usageText } from '../../terminal/failure.js';
import { displayPath, type Painter, paintersFor } from '../../terminal/paint.js';
import { OPENAPI_FILE, runHar } from '../har.js';
import type { EndpointResult } from './endpoint.js';
import { INDEX_NAME, type IndexOutcome, updateIndex } from './index-file.js';
import { summaryLine } from './report.js';
import { runEndpoints } from './run-endpoints.js';
import { openApiEndpoints } from './traffic.js';

/** Runs every endpoint of the config file once, writes the index, prints the summary; returns the exit status. */
export const runConfig: Command<ResolvedConfigCommand> = async (command, io, cycle) => {
  const { out, err } = paintersFor(io);
  const read = await readConfig(command, io, err);
  if (read === undefined) return EXIT.usage;
  const { config, shown } = read;
  const outDir = command.out === undefined ? config.outDir : path.resolve(io.cwd, command.out);
  try {
    await checkOutDir(outDir, command.out === undefined ? `${shown}: "out"` : '--out', io.cwd);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(usageText(error.message, err));
    return EXIT.usage;
  }
  if (config.har !== undefined) {
    if (command.check) {
      io.stderr.write(
        usageText('--check compares fetched types; a config with "har" has none to fetch', err),
      );
      return EXIT.usage;
    }
    // As `--har` refuses it: every cycle would rewrite every file of the same HAR.
    if (command.watch !== undefined) {
      io.stderr.write(usageText('--watch runs requests again; a config with "har" has none to fetch', err));
      return EXIT.usage;
    }
    // As `--har` refuses them: a HAR run sends no request and writes TypeScript (or OpenAPI).
    const unused = [
      ...(command.timeoutMs === undefined ? [] : ['--timeout']),
      ...(command.concurrency === undefined ? [] : ['--concurrency']),
    ];
    if (unused.length > 0) {
      io.stderr.write(
        usageText(
          `a config with "har" cannot be combined with ${unused.join(', ')}: the HAR file holds the requests`,
          err,
        ),
      );
      return EXIT.usage;
    }
    const format = command.output.format;
    if (format !== undefined && format !== 'typescript') {
      io.stderr.write(
        usageText(
          `a config with "har" writes typescript (the types and the endpoint map) or openapi, got --format=${format}`,
          err,
        ),
      );
      return EXIT.usage;
    }
    const output = { ...config.output, ...command.output, format: 'typescript' as const };
    const notFound = `${shown}: "har" file not found: "${config.har.shown}" (relative to the config file)`;
    return runHar(
      { ...config.har, notFound, outDir, openapi: command.openapi, output, verbose: command.verbose },
      io,
    );
  }
  const quiet = cycle === 'again';
  const mode = jobMode(command.check, cycle);
  // The output flags (--format, --named, --enums, ...) given with --config override every endpoint's setting.
  const endpoints = config.endpoints.map((each) => ({
    ...each,
    output: { ...each.output, ...command.output },
  }));
  // Like index.ts, openapi.json is taken by the run: an endpoint writing it would be overwritten.
  const taken = command.openapi
    ? endpoints.findIndex(
        (each) => outputFileName(each.endpoint, each.output.format).toLowerCase() === OPENAPI_FILE,
      )
    : -1;
  if (taken !== -1) {
    const shown = displayPath(io.cwd, path.resolve(io.cwd, command.configPath));
    io.stderr.write(
      usageText(
        `${shown}: endpoints[${taken}] writes ${OPENAPI_FILE}, the file of --format=openapi; give it another "name"`,
        err,
      ),
    );
    return EXIT.usage;
  }
  const settings = {
    outDir,
    mode,
    baseDir: config.baseDir,
    concurrency: command.concurrency ?? config.concurrency,
    timeoutMs: command.timeoutMs,
    verbose: command.verbose,
    quiet,
    // Under --watch, Ctrl+C: the endpoints and URLs not started yet are not.
    stop: cycle === 'once' ? undefined : io.stopSignal(),
  };
  const results = await runEndpoints(endpoints, settings, io, { out, err });
  // Stopped part way: index.ts (and openapi.json) stay as the last whole run left them, with no summary.
  if (results === undefined) return EXIT.ok;
  const index = await updateIndex(results, outDir, mode, io.now());
  if (index.error !== undefined) {
    io.stderr.write(
      failureText(index.error, {
        secrets: [],
        verbose: command.verbose,
        paint: err,
        prefix: `${INDEX_NAME}.ts: `,
      }),
    );
  }
  for (const { name, files } of index.clashes) {
    io.stderr.write(
      `${err.warning(`⚠️ ${INDEX_NAME}.ts: ${files[0]} and ${files[1]} both export ${name}, so ${INDEX_NAME}.ts does not compile; give one of them another "name"`)}\n`,
    );
  }
  const openapiFailed = command.openapi
    ? await writeOpenApiFile(results, outDir, { io, out, err, mode, quiet })
    : false;
  const drifted = printDrift(results, index, outDir, io, out);
  if (!quiet && results.some(usesMissingZod(io.cwd))) {
    io.stderr.write(`${err.warning(`⚠️ ${ZOD_MISSING}`)}\n`);
  }
  const failed =
    results.some((result) => result.error !== undefined) || index.error !== undefined || openapiFailed;
  const ok = !failed && !drifted;
  const summary = summaryLine(results, {
    mode,
    outDir: displayPath(io.cwd, outDir),
    indexDrift: index.drift !== undefined,
    indexFailed: index.error !== undefined,
    indexWritten: index.listed.length > 0,
  });
  if (!quiet || !ok) (ok ? io.stdout : io.stderr).write(`${(ok ? out.success : err.error)(summary)}\n`);
  return ok ? EXIT.ok : EXIT.failure;
};

/**
 * `--format=openapi`: openapi.json for every endpoint that succeeded. True when it could not be written.
 * Under --watch (`update`) an unchanged document is not rewritten, and later runs say nothing of it.
 */
async function writeOpenApiFile(
  results: readonly EndpointResult[],
  outDir: string,
  run: { io: CliIO; out: Painter; err: Painter; mode: JobMode; quiet: boolean },
): Promise<boolean> {
  const { io, out, err } = run;
  const { types, servers } = openApiEndpoints(results);
  const file = path.join(outDir, OPENAPI_FILE);
  const content = emitOpenApi(types, { servers });
  try {
    if (run.mode === 'update' && (await readIfExists(file)) === content) {
      if (!run.quiet) io.stdout.write(`${out.success(`✅ Up to date: ${displayPath(io.cwd, file)}`)}\n`);
      return false;
    }
    await writeAtomically(file, content);
  } catch (error) {
    io.stderr.write(
      failureText(error, { secrets: [], verbose: false, paint: err, prefix: `${OPENAPI_FILE}: ` }),
    );
    return true;
  }
  const counted = `${types.length} ${types.length === 1 ? 'endpoint' : 'endpoints'}`;
  io.stdout.write(`${out.success('✅')} OpenAPI 3.1, ${counted} -> ${displayPath(io.cwd, file)}\n`);
  return false;
}

/**
 * The config file read and checked, and how messages name it; or `undefined` after printing why it
 * cannot be used.
 */
async function readConfig(
  command: ResolvedConfigCommand,
  io: CliIO,
  err: Painter,
): Promise<{ config: ResolvedConfig; shown: string } | undefined> {
  const file = path.resolve(io.cwd, command.configPath);
  try {
    const shown = displayPath(io.cwd, file);
    return { config: resolveConfig(await loadConfig(file, shown), file, shown), shown };
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(usageText(error.message, err));
    return undefined;
  }
}

/** Prints the drift reports, in the config's order, after the progress block. True when any file drifted. */
function printDrift(
  results: readonly EndpointResult[],
  index: IndexOutcome,
  outDir: string,
  io: CliIO,
  out: Painter,
): boolean {
  const reports: [string, Comparison][] = results.flatMap((result) =>
    result.outcome?.status === 'drift'
      ? [[result.outcome.file, result.outcome.comparison] as [string, Comparison]]
      : [],
  );
  if (index.drift !== undefined) reports.push([path.join(outDir, `${INDEX_NAME}.ts`), index.drift]);
  for (const [file, comparison] of reports) {
    io.stdout.write([...driftReport(displayPath(io.cwd, file), comparison, out), ''].join('\n'));
  }
  return reports.length > 0;
}

/** An endpoint that wrote (or checked) zod output where `zod` cannot be resolved. */
function usesMissingZod(cwd: string): (result: EndpointResult) => boolean {
  let resolvable: boolean | undefined;
  return (result) => {
    if (result.outcome === undefined || result.endpoint.output.format !== 'zod') return false;
    resolvable ??= zodResolvable(cwd);
    return !resolvable;
  };
}
