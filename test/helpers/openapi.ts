import { Validator } from '@seriousme/openapi-schema-validator';
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';

/** An OpenAPI document as the tests read it: paths -> method -> responses -> status -> JSON schema. */
// biome-ignore lint/suspicious/noExplicitAny: a parsed JSON document, walked by the tests
type OpenApiDocument = any;

/** What @seriousme/openapi-schema-validator says of `document`, and the OpenAPI version it read. */
export async function validateOpenApi(document: unknown): Promise<{ result: unknown; version: string }> {
  const validator = new Validator();
  const result = await validator.validate(document as Record<string, unknown>);
  return { result, version: validator.version };
}

/**
 * An ajv 2020 validator for the JSON response schema of one operation of `document`, its
 * `components/schemas` references resolved; `errorsText` says why a body failed.
 */
export function responseValidators(document: OpenApiDocument): {
  schemaOf(path: string, method: string, status: string): ValidateFunction;
  errorsText(validate: ValidateFunction): string;
} {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
  ajv.addKeyword('components');
  ajv.addSchema({ $id: 'https://typefetch.test/openapi.json', components: document.components });
  return {
    schemaOf(path, method, status) {
      const { $ref } = document.paths[path][method].responses[status].content['application/json'].schema;
      return ajv.compile({ $ref: `https://typefetch.test/openapi.json${$ref}` });
    },
    errorsText: (validate) => ajv.errorsText(validate.errors),
  };
}
