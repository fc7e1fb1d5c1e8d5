// What the generator writes for each output file: `--format`, `--named`, `--no-maps`, `--formats`,
// `--enums`, `--tagged-unions`, `--integers` and the config file's keys of the same names (docs/cli.md).
// File names and extensions: shared/output-file.ts.
import type { OutputFormat, ResolvedGenerateOptions } from '../../typegen/options.js';

/** The generator options the CLI passes through, every one filled in. */
export type ResolvedOutput = Pick<
  ResolvedGenerateOptions,
  'format' | 'named' | 'maps' | 'formats' | 'enums' | 'taggedUnions' | 'integers'
>;

/** The switches of {@link ResolvedOutput}: the config file's keys, each with its command-line flag. */
export const OUTPUT_SWITCHES = {
  named: '--named',
  maps: '--no-maps',
  formats: '--formats',
  enums: '--enums',
  taggedUnions: '--tagged-unions',
  integers: '--integers',
} as const satisfies Record<Exclude<keyof ResolvedOutput, 'format'>, string>;

export type OutputSwitch = keyof typeof OUTPUT_SWITCHES;

/** What a run's own flags set; with `--config` these override every endpoint's settings. */
export type OutputOverrides = Partial<ResolvedOutput>;

/** `--check` can read TypeScript declarations back member by member; other formats compare as text. */
export function readsAsDeclarations(format: OutputFormat): boolean {
  return format === 'typescript';
}
