// One output file: collect its samples, infer one type from all of them, then write the file, update
// it, or (--check) compare it with what is on disk.
import path from 'node:path';
import { writeTypesFile } from '../../node/atomic-write.js';
import { readIfExists } from '../../node/read-if-exists.js';
import { comparableText, fileHeader, originOf } from '../../shared/file-header.js';
import { FORMAT_FILES } from '../../shared/output-file.js';
import { templateOfUrl } from '../../traffic/template.js';
import { generateTypesFromSamples } from '../../typegen/samples.js';
import { checkFile } from '../check/check-file.js';
import type { Comparison } from '../check/compare.js';
import type { JobMode } from '../check/mode.js';
import { type CollectEnv, collectSamples, type SampleRequest } from './collect.js';
import type { ResolvedOutput } from './output-format.js';
import type { Source } from './sources.js';

/** One output file: its samples, how to fetch them and where the result goes. */
export interface Job {
  /** File name without its extension; only `[A-Za-z0-9_-]`. */
  readonly endpoint: string;
  /** Name handed to the generator, which makes it PascalCase. */
  readonly typeName: string;
  readonly sources: readonly Source[];
  readonly request: SampleRequest;
  /** Absolute output folder. */
  readonly outDir: string;
  /** What to write: the format (which also gives the extension) and the generator's switches. */
  readonly output: ResolvedOutput;
}

export type JobOutcome = (
  | { readonly status: 'written' | 'unchanged'; readonly content: string }
  | { readonly status: 'match' }
  | { readonly status: 'drift'; readonly comparison: Comparison }
) & {
  readonly file: string;
  /** How many samples were merged. */
  readonly samples: number;
  /** The parsed samples themselves, for the OpenAPI document of a config run. */
  readonly values: readonly unknown[];
  /** The time written into the file's header. */
  readonly at: Date;
};

export interface JobEnv extends CollectEnv {
  readonly now: () => Date;
  readonly onWarning: (message: string) => void;
}

/** Collects the samples, infers one type from all of them, and writes or checks the file. */
export async function runJob(job: Job, mode: JobMode, env: JobEnv): Promise<JobOutcome> {
  const samples = await collectSamples(job.sources, job.request, env);
  const types = generateTypesFromSamples(samples, {
    ...job.output,
    name: job.typeName,
    onWarning: env.onWarning,
  });
  const at = env.now();
  const { extension, header } = FORMAT_FILES[job.output.format];
  const origin = originLine(job);
  // A JSON Schema file is plain JSON, which has no comments: no header, so nothing to mask in --check.
  const content = header ? fileHeader(at, origin) + types : types;
  const file = path.resolve(job.outDir, `${job.endpoint}${extension}`);
  const common = { file, samples: samples.length, values: samples, at };
  if (mode === 'check') {
    const comparison = await checkFile(file, content, job.output.format);
    return comparison.kind === 'match'
      ? { status: 'match', ...common }
      : { status: 'drift', comparison, ...common };
  }
  const existing = await readIfExists(file);
  if (mode === 'update' && existing !== undefined && comparableText(existing) === comparableText(content)) {
    return { status: 'unchanged', content, ...common };
  }
  const before = existing === undefined ? undefined : originOf(existing);
  if (before !== undefined && origin !== undefined && before !== origin) {
    env.onWarning(
      `${path.basename(file)} was generated from ${before}; it is replaced by the types of ${origin}`,
    );
  }
  await writeTypesFile(job.outDir, job.endpoint, content, extension);
  return { status: 'written', content, ...common };
}

/**
 * Where the samples of a job come from, for the file header: `METHOD /path/{id}` of each URL (the path
 * template of docs/traffic.md), once each, in order. Never a host, a query or an id, which may be secrets. `undefined` when no URL is among them.
 */
function originLine(job: Job): string | undefined {
  const origins = job.sources.flatMap((source) =>
    source.kind === 'url' ? [`${job.request.method} ${templateOfUrl(source.url).template}`] : [],
  );
  return origins.length === 0 ? undefined : [...new Set(origins)].join(', ');
}
