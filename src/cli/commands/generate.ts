// The generate command: one output file from the command line,
// `typefetch --type [options] <url|file|->... [--sample f]...`.
import path from 'node:path';
import type { ResolvedCliOptions } from '../args/parse.js';
import { jobMode } from '../check/mode.js';
import { driftReport, outOfDateLine } from '../check/report.js';
import { Stopped, UsageError } from '../errors.js';
import { type CliIO, type Command, EXIT } from '../io.js';
import { MissingInputError } from '../job/collect.js';
import { type JobOutcome, runJob } from '../job/job.js';
import { checkOutDir } from '../job/out-dir.js';
import type { Source } from '../job/sources.js';
import { ZOD_MISSING, zodResolvable } from '../job/zod-check.js';
import { bodySecrets, failureText, secretsOf, usageText } from '../terminal/failure.js';
import { displayPath, type Painter, paintersFor, SEPARATOR } from '../terminal/paint.js';
import { displayUrl } from '../terminal/redact.js';

/** Runs the command once and prints what happened. Returns the exit status. */
export const runGenerate: Command<ResolvedCliOptions> = async (options, io, cycle) => {
  const { out, err } = paintersFor(io);
  const quiet = cycle === 'again';
  const warn = (message: string) => io.stderr.write(`${err.warning(`⚠️ ${message}`)}\n`);
  const urls = options.sources.flatMap((source) => (source.kind === 'url' ? [source.url] : []));
  const outDir = path.resolve(io.cwd, options.out);
  let outcome: JobOutcome;
  try {
    await checkOutDir(outDir, '--out', io.cwd);
    outcome = await runJob(
      {
        endpoint: options.endpoint,
        typeName: options.name ?? options.endpoint,
        sources: options.sources,
        request: options,
        outDir,
        output: options.output,
      },
      jobMode(options.check, cycle),
      {
        baseDir: io.cwd,
        fetch: io.fetch,
        readStdin: io.readStdin,
        now: io.now,
        onSource: quiet ? undefined : (source) => progressLine(source, options, io),
        onWarning: warn,
        // Under --watch, Ctrl+C: the URLs not fetched yet are not.
        stop: cycle === 'once' ? undefined : io.stopSignal(),
      },
    );
  } catch (error) {
    if (error instanceof Stopped) return EXIT.ok;
    if (error instanceof MissingInputError || error instanceof UsageError) {
      io.stderr.write(usageText(error.message, err));
      return EXIT.usage;
    }
    const secrets = secretsOf(options.headers, urls, bodySecrets(options.body));
    io.stderr.write(failureText(error, { secrets, verbose: options.verbose, paint: err }));
    return EXIT.failure;
  }
  const status = report(outcome, options, io, out, err, quiet);
  if (options.output.format === 'zod' && !quiet && !zodResolvable(io.cwd)) warn(ZOD_MISSING);
  return status;
};

function progressLine(source: Source, options: ResolvedCliOptions, io: CliIO): void {
  if (source.kind === 'url') io.stdout.write(`🔄 Fetching ${options.method} ${displayUrl(source.url)}...\n`);
  // Reading a file is instant; waiting on stdin is not, and the line says what it waits for.
  if (source.kind === 'stdin') io.stdout.write('📄 Reading JSON from stdin...\n');
}

function report(
  outcome: JobOutcome,
  options: ResolvedCliOptions,
  io: CliIO,
  out: Painter,
  err: Painter,
  quiet: boolean,
): number {
  const shown = displayPath(io.cwd, outcome.file);
  // A JSON Schema document is a schema, not types.
  const schema = options.output.format === 'json-schema';
  const lines: string[] = [];
  if (outcome.samples > 1 && !(quiet && outcome.status === 'unchanged')) {
    lines.push(`🧩 Merged ${outcome.samples} samples into one type`);
  }
  switch (outcome.status) {
    case 'unchanged':
      if (!quiet) lines.push(out.success(`✅ Up to date: ${shown}`));
      break;
    case 'written': {
      const content = outcome.content;
      const what = schema ? ['Schema', 'schema'] : ['Types', 'types'];
      if (quiet) lines.push(`🔁 ${outcome.at.toISOString()} the response changed`);
      lines.push(
        out.success(`✅ ${what[0]} generated successfully!`),
        `📁 Output: ${outcome.file}`,
        `📝 Generated ${what[1]}:`,
        out.dim(SEPARATOR),
        content.endsWith('\n') ? content.slice(0, -1) : content,
        out.dim(SEPARATOR),
      );
      break;
    }
    case 'match':
      lines.push(out.success(`✅ ${schema ? 'Schema matches' : 'Types match'} ${shown}`));
      break;
    case 'drift':
      lines.push(...driftReport(shown, outcome.comparison, out));
  }
  if (lines.length > 0) io.stdout.write(`${lines.join('\n')}\n`);
  if (outcome.status !== 'drift') return EXIT.ok;
  io.stderr.write(`${err.error(outOfDateLine(shown, outcome.comparison))}\n`);
  return EXIT.failure;
}
