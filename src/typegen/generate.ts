import { infer } from './infer.js';
import { inferOptionsOf, type OutputFormat, resolveGenerateOptions } from './options.js';
import { render } from './render.js';

export type { OutputFormat } from './options.js';

/** Options of {@link generateTypes}. */
export interface GenerateTypesOptions {
  /** Name of the generated type; turned into a valid PascalCase identifier (`user-profiles` -> `UserProfiles`). */
  name: string;
  /**
   * Nesting depth past which a value is typed `unknown`. The top-level value is at depth 0, its members
   * and elements at depth 1, and so on. An integer from 0 to 1000.
   * @default 64
   */
  maxDepth?: number | undefined;
  /**
   * Called with a one-line message for each thing worth a warning: the depth limit was hit (called
   * once per call however often it was hit).
   * @default a function that ignores the message
   */
  onWarning?: ((message: string) => void) | undefined;
  /**
   * What to write: `'typescript'` declarations, a `'zod'` 4 module (`export const <name>Schema` plus
   * `export type <Name> = z.infer<...>`), or a `'json-schema'` (2020-12) document.
   * @default 'typescript'
   */
  format?: OutputFormat | undefined;
  /**
   * Give each nested object type its own exported declaration, named from its path
   * (`Users` -> `UsersAddress` -> `UsersAddressGeo`); objects of identical shape share one.
   * @default false (nested objects are written inline)
   */
  named?: boolean | undefined;
  /**
   * Type dictionaries as `Record<string, T>`: objects whose keys are ids, dates or other data (versions,
   * MIME types, paths, URLs, locales), objects with 20 or more keys holding arrays or overlapping
   * objects, and objects whose key sets differ from sample to sample while their values share one kind
   * (docs/type-inference.md#maps). `false` keeps one member per key (`--no-maps`).
   * @default true
   */
  maps?: boolean | undefined;
  /**
   * Document string formats: a member whose strings were all RFC 3339 dates or date-times, UUIDs,
   * email addresses or http(s) URLs stays `string` and gets a `@format` JSDoc tag (in JSON Schema a
   * `format` keyword). Documentation only: the type still accepts any string.
   * @default false
   */
  formats?: boolean | undefined;
  /**
   * A string member with 2 to 20 distinct values, each seen at least 3 times, becomes a union of its
   * literals (`'open' | 'closed'`; zod `z.enum`, JSON Schema `enum`). CLI `--enums`, config `enums`.
   * @default false
   */
  enums?: boolean | undefined;
  /**
   * Objects at one position that share a string member (the tag, such as `type`) whose values split
   * them into different shapes become a union of variants, each with its literal tag, so that
   * `if (e.type === 'PushEvent')` narrows. CLI `--tagged-unions`, config `taggedUnions`.
   * @default false
   */
  taggedUnions?: boolean | undefined;
  /**
   * Numbers that were all safe integers become `z.int()` in zod and `"type": "integer"` in JSON Schema
   * (TypeScript has no integer type: it stays `number`). CLI `--integers`, config `integers`.
   * @default false
   */
  integers?: boolean | undefined;
}

/**
 * Infers a TypeScript declaration (or, with `format`, a zod schema or a JSON Schema) from a parsed
 * JSON value. Pure: no I/O. Returns the text (no header comment), ending with a newline.
 *
 * @example
 * generateTypes({ id: 1, tags: ['a'] }, { name: 'users' });
 * // 'export interface Users {\n  id: number;\n  tags: string[];\n}\n'
 * @throws TypeError/RangeError for bad options (an unknown key included); TypeError for a value JSON cannot hold (function, bigint, symbol).
 */
export function generateTypes(value: unknown, options: GenerateTypesOptions): string {
  const resolved = resolveGenerateOptions(options);
  return render(infer(value, resolved.maxDepth, inferOptionsOf(resolved)), resolved);
}
