import { type LayerDefinition, withSignal } from '../call.js';
import { TimeoutError } from '../errors.js';
import { eventMessage } from '../messages/index.js';
import { resolveTimeout } from '../options.js';
import { AttemptSignal } from '../timeout.js';

/**
 * A deadline for the whole call (`totalTimeoutMs`, client and request): every attempt and every retry
 * wait included. The layers below get a signal that aborts at the deadline (or with the caller's);
 * when the deadline passes, the call rejects with a TimeoutError saying the total time ran out. Its
 * timer is cleared as soon as the call settles (see docs/client.md, "Timeout").
 */
export const totalTimeout: LayerDefinition = {
  requestOptions: { totalTimeoutMs: resolveTimeout },
  create: (client) => (next) => (call) => {
    const ms = (call.options.totalTimeoutMs as number | undefined) ?? client.totalTimeoutMs;
    if (ms === undefined || ms === Number.POSITIVE_INFINITY) return next(call);
    const deadline = new AttemptSignal(ms, call.signal);
    return next(withSignal(call, deadline.signal)).then(
      (reply) => {
        deadline.dispose();
        return reply;
      },
      (error: unknown) => {
        deadline.dispose();
        if (deadline.kind !== 'timeout') throw error;
        throw new TimeoutError({ message: eventMessage('totalTimeout', call.locale), cause: error });
      },
    );
  },
};
