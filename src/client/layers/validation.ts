import type { LayerDefinition, Reply } from '../call.js';
import { validatedData } from '../validation.js';

/**
 * Response validation (`validateResponse`, per request): checks the parsed body of a successful call
 * against a simple schema or a Standard Schema, whose output replaces the data; a failure is a
 * ValidationError (never retried). Costs nothing for a request without a schema (see docs/validation.md).
 */
export const validation: LayerDefinition = {
  requestOptions: {
    validateResponse: (_option, value) => {
      // An object, or a function that is a Standard Schema (arktype's are).
      if (
        typeof value === 'function' ? !('~standard' in value) : typeof value !== 'object' || value === null
      ) {
        throw new TypeError('options.validateResponse must be a validation schema or a Standard Schema');
      }
    },
  },
  create: () => (next) => (call) => {
    const schema = call.options.validateResponse;
    if (schema === undefined) return next(call);
    return next(call).then(async (reply): Promise<Reply> => {
      // asResponse(): the body is the caller's to read.
      if (call.state.raw) return reply;
      const { response } = reply;
      return { data: await validatedData(reply.data, schema, response, call.locale), response };
    });
  },
};
