import type { LayerDefinition, Reply } from '../call.js';
import { ValidationError } from '../errors.js';
import { eventMessage } from '../messages/index.js';
import { validateBody } from '../validation.js';

/**
 * Response validation (`validateResponse`, per request): checks the parsed body of a successful call
 * against a simple schema or a Standard Schema, whose output replaces the data; a failure is a
 * ValidationError (never retried). Costs nothing for a request without a schema (see docs/validation.md).
 */
export const validation: LayerDefinition = {
  requestOptions: {
    validateResponse: (_option, value) => {
      if (typeof value !== 'object' || value === null) {
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
      const outcome = await validateBody(reply.data, schema);
      if (outcome.ok) return { data: outcome.value, response };
      throw new ValidationError({
        status: response.status,
        statusText: response.statusText,
        message: eventMessage('validationFailed', call.locale),
        issues: outcome.issues,
      });
    });
  },
};
