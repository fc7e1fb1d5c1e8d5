import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { HeaderArg } from '../args/headers.js';
import { RunError, Stopped } from '../errors.js';
import { displayUrl } from '../terminal/redact.js';
import { fetchSamples } from './request.js';
import { decodeSampleBytes, formatOfPath, parseSamples } from './samples-text.js';
import { describeSource, type Source } from './sources.js';

/** What is sent to every URL source. */
export interface SampleRequest {
  readonly method: string;
  readonly body: string | undefined;
  readonly headers: readonly HeaderArg[];
  readonly timeoutMs: number;
}

export interface CollectEnv {
  /** Folder that relative file sources are resolved against. */
  readonly baseDir: string;
  readonly fetch: typeof fetch;
  readonly readStdin: () => Promise<string>;
  /** Called just before a source is read or fetched, for progress lines. */
  readonly onSource?: ((source: Source) => void) | undefined;
  /** Under --watch, aborted by Ctrl+C: no further URL is fetched, and {@link Stopped} is thrown. */
  readonly stop?: AbortSignal | undefined;
}

/** A sample file that does not exist: a usage error on the command line, a failed endpoint in a config. */
export class MissingInputError extends RunError {}

/**
 * Reads every source and returns all samples in the order the sources were given (a JSON Lines source
 * gives one per line). Files and stdin are read first, so a missing file stops the run before anything is
 * sent. Errors of a file or stdin name it (`users.jsonl: line 3: ...`); errors of a URL name it only when
 * there are several sources, so a single URL keeps the plain messages of docs/cli.md, "Errors and what to do".
 */
export async function collectSamples(
  sources: readonly Source[],
  request: SampleRequest,
  env: CollectEnv,
): Promise<unknown[]> {
  const results: unknown[][] = [];
  const local = sources.map((source, index) => [source, index] as const);
  for (const [source, index] of local.filter(([each]) => each.kind !== 'url')) {
    env.onSource?.(source);
    results[index] = parseSamplesOf(source, await readLocal(source, env));
  }
  for (const [source, index] of local.filter(([each]) => each.kind === 'url')) {
    if (source.kind !== 'url') continue;
    if (env.stop?.aborted) throw new Stopped();
    env.onSource?.(source);
    try {
      results[index] = await fetchSamples({ ...request, url: source.url }, env.fetch);
    } catch (error) {
      throw sources.length > 1 ? prefixed(error, describeSource(source)) : error;
    }
  }
  return results.flat();
}

async function readLocal(source: Source, env: CollectEnv): Promise<string> {
  if (source.kind === 'stdin') {
    try {
      return await env.readStdin();
    } catch (error) {
      throw prefixed(error, 'stdin');
    }
  }
  if (source.kind !== 'file') throw new TypeError('not a local source');
  try {
    return decodeSampleBytes(await readFile(path.resolve(env.baseDir, source.given)));
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') {
      throw new MissingInputError(
        source.option === '<url>'
          ? `<url> must be an absolute http(s) URL or an existing JSON file, got "${displayUrl(source.given)}"`
          : /^https?:\/\//i.test(source.given)
            ? `${source.option} takes a file, got the URL "${displayUrl(source.given)}": give a URL as one more <url> argument (each is a sample)`
            : `${source.option} file not found: "${source.given}"`,
      );
    }
    throw prefixed(error, source.given);
  }
}

function parseSamplesOf(source: Source, text: string): unknown[] {
  try {
    return parseSamples(text, source.kind === 'file' ? formatOfPath(source.given) : 'auto');
  } catch (error) {
    throw prefixed(error, describeSource(source));
  }
}

function prefixed(error: unknown, label: string): RunError {
  const message = error instanceof Error ? error.message : String(error);
  const detail = error instanceof RunError ? error.detail : [];
  const cause = error instanceof RunError ? error.cause : error;
  return new RunError(`${label}: ${message}`, { cause, detail });
}
