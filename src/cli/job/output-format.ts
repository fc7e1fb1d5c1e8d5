// What the generator writes for each output file: `--format`, `--named`, `--no-maps`, `--formats` and
// the config file's `format`, `named`, `maps`, `formats`. File names and extensions: shared/output-file.ts.
import type { OutputFormat } from '../../typegen/options.js';

/** The generator options the CLI passes through, every one filled in. */
export interface ResolvedOutput {
  readonly format: OutputFormat;
  readonly named: boolean;
  readonly maps: boolean;
  readonly formats: boolean;
}

/** What a run's own flags set; with `--config` these override every endpoint's settings. */
export type OutputOverrides = Partial<ResolvedOutput>;

/** `--check` can read TypeScript declarations back member by member; other formats compare as text. */
export function readsAsDeclarations(format: OutputFormat): boolean {
  return format === 'typescript';
}
