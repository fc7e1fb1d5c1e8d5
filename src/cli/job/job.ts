import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeTypesFile } from '../../node/atomic-write.js';
import { fileHeader, withoutTimestamp } from '../../shared/file-header.js';
import { generateTypesFromSamples } from '../../typegen/samples.js';
import { type Comparison, compareGenerated } from '../check/compare.js';
import { RunError } from '../errors.js';
import { type CollectEnv, collectSamples, type SampleRequest } from './collect.js';
import { FORMAT_FILES, type ResolvedOutput, readsAsDeclarations } from './output-format.js';
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

/** `write` always writes; `update` writes only when more than the timestamp changed (--watch); `check` never writes. */
export type JobMode = 'write' | 'update' | 'check';

export type JobOutcome = (
  | { readonly status: 'written' | 'unchanged'; readonly content: string }
  | { readonly status: 'match' }
  | { readonly status: 'drift'; readonly comparison: Comparison }
) & {
  readonly file: string;
  /** How many samples were merged. */
  readonly samples: number;
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
  // A JSON Schema file is plain JSON, which has no comments: no header, so nothing to mask in --check.
  const content = header ? fileHeader(at) + types : types;
  const file = path.resolve(job.outDir, `${job.endpoint}${extension}`);
  const common = { file, samples: samples.length, at };
  if (mode === 'check') {
    const existing = await readExisting(file);
    if (existing === undefined) {
      throw new RunError(`${file} does not exist yet; run without --check to create it`);
    }
    const comparison = compareGenerated(existing, content, readsAsDeclarations(job.output.format));
    return comparison.kind === 'match'
      ? { status: 'match', ...common }
      : { status: 'drift', comparison, ...common };
  }
  if (mode === 'update') {
    const existing = await readExisting(file);
    if (existing !== undefined && withoutTimestamp(existing) === withoutTimestamp(content)) {
      return { status: 'unchanged', content, ...common };
    }
  }
  await writeTypesFile(job.outDir, job.endpoint, content, extension);
  return { status: 'written', content, ...common };
}

/** The file's text, or `undefined` when there is none. */
export async function readExisting(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw error;
  }
}
