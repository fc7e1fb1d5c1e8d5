import type { GenerateTypesOptions } from './generate.js';
import { inferSamples } from './infer.js';
import { asInputType } from './input-type.js';
import type { TypeNode } from './model.js';
import { inferOptionsOf, resolveGenerateOptions } from './options.js';
import { render } from './render.js';

/**
 * Infers ONE declaration from several samples of the same endpoint (several responses, fixture files,
 * JSON Lines records), merged by the same rules as the elements of an array: a key missing from some
 * samples, or null in some, is optional, and its type is the union of what was seen. Pure: no I/O.
 *
 * With one sample this returns exactly what {@link generateTypes} returns for it.
 *
 * @example
 * generateTypesFromSamples([{ id: 1, email: 'a@b.c' }, { id: 2, email: null }], { name: 'users' });
 * // 'export interface Users {\n  id: number;\n  email?: string | null;\n}\n'
 * @throws RangeError when `samples` is empty (nothing to infer from); otherwise as {@link generateTypes}.
 */
export function generateTypesFromSamples(samples: readonly unknown[], options: GenerateTypesOptions): string {
  return typesFromSamples(samples, options);
}

/**
 * {@link generateTypesFromSamples} for values the caller writes (a request body): each optional member
 * also takes `undefined` (see asInputType). Internal: the endpoint map's body types.
 */
export function generateInputTypesFromSamples(
  samples: readonly unknown[],
  options: GenerateTypesOptions,
): string {
  return typesFromSamples(samples, options, asInputType);
}

function typesFromSamples(
  samples: readonly unknown[],
  options: GenerateTypesOptions,
  adapt?: (model: TypeNode) => TypeNode,
): string {
  const resolved = resolveGenerateOptions(options);
  if (!Array.isArray(samples)) throw new TypeError('samples must be an array of parsed JSON values');
  if (samples.length === 0) throw new RangeError('samples must hold at least one value, got none');
  return render(inferSamples(samples, resolved.maxDepth, inferOptionsOf(resolved)), resolved, adapt);
}
