import { ValidationError } from './errors.js';
import { eventMessage } from './messages/index.js';
import type { FieldRule, Locale, StandardSchemaV1, ValidationIssue, ValidationSchema } from './types.js';

export type ValidationResult = { ok: true; value: unknown } | { ok: false; issues: ValidationIssue[] };

const FIELD_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'boolean', 'object', 'array', 'null']);

/** The JSON type name of a value: `null`, `array`, `object`, `string`, `number`, `boolean` (else typeof). */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `['items', 2, 'email']` -> `items[2].email`; a key that is not an identifier -> `["first name"]`. */
export function formatPath(segments: readonly PropertyKey[]): string {
  let path = '';
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else if (typeof segment === 'symbol') path += `[${String(segment)}]`;
    else if (IDENTIFIER.test(segment)) path += path === '' ? segment : `.${segment}`;
    else path += `[${JSON.stringify(segment)}]`;
  }
  return path;
}

function isStandardSchema(schema: unknown): schema is StandardSchemaV1 {
  // arktype's schemas are functions, zod's and valibot's objects.
  return (
    (typeof schema === 'object' || typeof schema === 'function') && schema !== null && '~standard' in schema
  );
}

/** Rejects a malformed simple schema before any data is looked at, naming the field and the value. */
function assertSimpleSchema(schema: unknown): asserts schema is ValidationSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new TypeError(
      `validateResponse must be a field schema object or a Standard Schema, got ${jsonType(schema)}`,
    );
  }
  for (const [field, rule] of Object.entries(schema)) {
    if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) {
      throw new TypeError(
        `validateResponse: the rule of field "${field}" must be an object, got ${jsonType(rule)}`,
      );
    }
    const { type, required } = rule as FieldRule;
    if (type !== undefined && !FIELD_TYPES.has(type)) {
      throw new RangeError(
        `validateResponse: type of field "${field}" must be one of ${[...FIELD_TYPES].join(', ')}, got ${JSON.stringify(type)}`,
      );
    }
    if (required !== undefined && typeof required !== 'boolean') {
      throw new TypeError(
        `validateResponse: required of field "${field}" must be a boolean, got ${JSON.stringify(required)}`,
      );
    }
  }
}

/** Every failing field of one object; `prefix` is the path of the object itself (`[2]` in an array). */
function checkObject(
  value: unknown,
  schema: ValidationSchema,
  prefix: PropertyKey[],
  issues: ValidationIssue[],
) {
  if (jsonType(value) !== 'object') {
    issues.push({ path: formatPath(prefix), expected: 'object', received: jsonType(value) });
    return;
  }
  const record = value as Record<string, unknown>;
  for (const [field, rule] of Object.entries(schema)) {
    // The path is formatted only for an issue: a valid field costs no array and no string.
    // Own keys only: `constructor` or `toString` must not count as present through the prototype.
    if (!Object.hasOwn(record, field) || record[field] === undefined) {
      if (rule.required === true)
        issues.push({
          path: formatPath([...prefix, field]),
          expected: rule.type ?? 'present',
          received: 'missing',
        });
      continue;
    }
    const received = jsonType(record[field]);
    if (rule.type !== undefined && received !== rule.type)
      issues.push({ path: formatPath([...prefix, field]), expected: rule.type, received });
  }
}

function validateSimple(data: unknown, schema: ValidationSchema): ValidationResult {
  const issues: ValidationIssue[] = [];
  if (Array.isArray(data)) {
    for (const [index, element] of data.entries()) checkObject(element, schema, [index], issues);
  } else {
    checkObject(data, schema, [], issues);
  }
  return issues.length === 0 ? { ok: true, value: data } : { ok: false, issues };
}

/**
 * The JSON type found at `path` in `data`: `missing` when only the last key is absent from an object or
 * array that is there, `unknown` when the path cannot be followed that far.
 */
function typeAt(data: unknown, path: readonly PropertyKey[]): string {
  let current = data;
  for (const [index, key] of path.entries()) {
    if (typeof current !== 'object' || current === null) return 'unknown';
    // Own keys only: `constructor` must not be found on the prototype.
    if (!Object.hasOwn(current, key)) return index === path.length - 1 ? 'missing' : 'unknown';
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current === undefined ? 'missing' : jsonType(current);
}

async function validateStandard(data: unknown, schema: StandardSchemaV1): Promise<ValidationResult> {
  const result = await schema['~standard'].validate(data);
  if (result.issues === undefined) return { ok: true, value: result.value };
  const issues = result.issues.map((issue): ValidationIssue => {
    const path = (issue.path ?? []).map((segment) =>
      typeof segment === 'object' && segment !== null ? segment.key : segment,
    );
    return { path: formatPath(path), expected: issue.message, received: typeAt(data, path) };
  });
  return { ok: false, issues };
}

/**
 * Checks a parsed response against a simple schema (arrays element by element) or a Standard Schema.
 * On success `value` is the data (a Standard Schema's output). A simple schema expects an object, or
 * an array of objects; anything else is one issue at the root path `''`.
 * Throws TypeError/RangeError when the schema itself is malformed.
 */
export async function validateBody(
  data: unknown,
  schema: ValidationSchema | StandardSchemaV1,
): Promise<ValidationResult> {
  if (isStandardSchema(schema)) return validateStandard(data, schema);
  assertSimpleSchema(schema);
  return validateSimple(data, schema);
}

/**
 * The data `schema` passes (a Standard Schema's output) of a successful `response`; a ValidationError with
 * the response's status and the issues when it fails. A call's body and each server-sent event's data.
 */
export async function validatedData(
  data: unknown,
  schema: ValidationSchema | StandardSchemaV1,
  response: Pick<Response, 'status' | 'statusText'>,
  locale: Locale,
): Promise<unknown> {
  const outcome = await validateBody(data, schema);
  if (outcome.ok) return outcome.value;
  throw new ValidationError({
    status: response.status,
    statusText: response.statusText,
    message: eventMessage('validationFailed', locale),
    issues: outcome.issues,
  });
}
