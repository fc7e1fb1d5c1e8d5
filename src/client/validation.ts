import type { StandardSchemaV1, ValidationIssue, ValidationSchema } from './types.js';

export type ValidationResult = { ok: true; value: unknown } | { ok: false; issues: ValidationIssue[] };

/**
 * Checks a parsed response against a simple schema (arrays element by element) or a Standard Schema.
 * On success `value` is the data (a Standard Schema's output).
 */
export async function validateBody(
  data: unknown,
  schema: ValidationSchema | StandardSchemaV1,
): Promise<ValidationResult> {
  void data;
  void schema;
  throw new Error('not implemented yet');
}
