// The part of generateTypes after inference: warnings, map detection, naming, and the chosen emitter.

import { emitJsonSchema } from './emit-json-schema.js';
import { emit } from './emit-typescript.js';
import { emitZod } from './emit-zod.js';
import type { InferResult } from './infer.js';
import { detectMaps } from './maps.js';
import type { TypeNode } from './model.js';
import { nameObjects } from './names.js';
import type { ResolvedGenerateOptions } from './options.js';

const EMITTERS = { typescript: emit, zod: emitZod, 'json-schema': emitJsonSchema } as const;

/**
 * Turns an inferred (and merged) model into the text of the requested format; `adapt` changes the model
 * after map detection, before naming (asInputType for a request body).
 */
export function render(
  { model, depthLimitHit, mapsDetected }: InferResult,
  options: ResolvedGenerateOptions,
  adapt?: (model: TypeNode) => TypeNode,
): string {
  if (depthLimitHit) {
    options.onWarning(
      `JSON nested deeper than ${options.maxDepth} ${options.maxDepth === 1 ? 'level' : 'levels'}: the deeper values are typed unknown`,
    );
  }
  const mapped = options.maps && !mapsDetected ? detectMaps(model, { enums: options.enums }) : model;
  const final = adapt === undefined ? mapped : adapt(mapped);
  // TypeScript writes every number as `number`: integer-ness does not tell its shapes apart.
  const naming = options.named
    ? nameObjects(final, options.typeName, options.format !== 'typescript')
    : undefined;
  return EMITTERS[options.format](final, options.typeName, naming);
}
