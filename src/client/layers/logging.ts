import type { LayerDefinition } from '../call.js';
import { optionalBoolean } from '../options.js';
import { requestLog } from '../request-log.js';

/**
 * Logging (`logger`; `logHeaders` per request): installs the call's requestLog as its trace, so the
 * steps below report their events to it, and the client its last error (see docs/logging.md).
 */
export const logging: LayerDefinition = {
  requestOptions: { logHeaders: optionalBoolean },
  create(client) {
    if (client.logger === undefined) return undefined;
    return (next) => (call) => {
      call.state.trace = requestLog(client, call);
      return next(call);
    };
  },
};
