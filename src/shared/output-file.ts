// How each output format is stored: the extension of its file, and whether the file can start with a
// comment header. One rule for the CLI and typefetch/capture.
import type { OutputFormat } from '../typegen/options.js';

interface FormatFile {
  readonly extension: '.ts' | '.json';
  /** Whether the file starts with a comment header: JSON has no comments. */
  readonly header: boolean;
}

/** Extension and header of each format; zod output is a TypeScript module like the default. */
export const FORMAT_FILES = {
  typescript: { extension: '.ts', header: true },
  zod: { extension: '.ts', header: true },
  'json-schema': { extension: '.json', header: false },
} as const satisfies Record<OutputFormat, FormatFile>;

/** `users` + zod -> `users.ts`; `users` + json-schema -> `users.json`. */
export function outputFileName(stem: string, format: OutputFormat): string {
  return `${stem}${FORMAT_FILES[format].extension}`;
}
