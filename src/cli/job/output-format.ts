// What the generator writes for each output file, and under which name: `--format`, `--named`,
// `--no-maps`, `--formats` (issue 8) and the config file's `format`, `named`, `maps`, `formats`.
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

interface FormatFile {
  readonly extension: '.ts' | '.json';
  /** Whether the file starts with the two comment lines of `fileHeader`: JSON has no comments. */
  readonly header: boolean;
}

/** Extension and header of each format; zod output is a TypeScript module like the default. */
export const FORMAT_FILES = {
  typescript: { extension: '.ts', header: true },
  zod: { extension: '.ts', header: true },
  'json-schema': { extension: '.json', header: false },
} as const satisfies Record<OutputFormat, FormatFile>;

/** `users` + zod -> `users.ts`; `users` + json-schema -> `users.json`. */
export function outputFileName(endpoint: string, format: OutputFormat): string {
  return `${endpoint}${FORMAT_FILES[format].extension}`;
}

/** `--check` can read TypeScript declarations back member by member; other formats compare as text. */
export function readsAsDeclarations(format: OutputFormat): boolean {
  return format === 'typescript';
}
