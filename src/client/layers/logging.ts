import type { LayerDefinition } from '../call.js';
import { ApiError } from '../errors.js';
import { optionalBoolean } from '../options.js';
import { RequestLog } from '../request-log.js';

/**
 * Logging (`logger`; `logHeaders` per request): installs the call's RequestLog as its trace, so the
 * steps below report their events to it, and logs the failure the call ends with (see docs/logging.md).
 */
export const logging: LayerDefinition = {
  requestOptions: { logHeaders: optionalBoolean },
  create(client) {
    if (client.logger === undefined) return undefined;
    return (next) => (call) => {
      const log = new RequestLog(client, call);
      call.state.trace = log;
      return next(call).then(undefined, (error: unknown) => {
        if (error instanceof ApiError) log.failure(error);
        throw error;
      });
    };
  },
};
