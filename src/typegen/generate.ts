import { emit } from './emit.js';
import { infer } from './infer.js';
import { resolveGenerateOptions } from './options.js';

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
}

/**
 * Infers a TypeScript declaration from a parsed JSON value. Pure: no I/O.
 * Returns the declaration text (no header comment), ending with a newline.
 *
 * @example
 * generateTypes({ id: 1, tags: ['a'] }, { name: 'users' });
 * // 'export interface Users {\n  id: number;\n  tags: string[];\n}\n'
 * @throws TypeError/RangeError for bad options; TypeError for a value JSON cannot hold (function, bigint, symbol).
 */
export function generateTypes(value: unknown, options: GenerateTypesOptions): string {
  const resolved = resolveGenerateOptions(options);
  const { model, depthLimitHit } = infer(value, resolved.maxDepth);
  if (depthLimitHit) {
    resolved.onWarning(
      `JSON nested deeper than ${resolved.maxDepth} levels: the deeper values are typed unknown`,
    );
  }
  return emit(model, resolved.typeName);
}
