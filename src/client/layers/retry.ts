import type { Call, LayerDefinition, Reply } from '../call.js';
import { ApiError } from '../errors.js';
import { optionalBoolean } from '../options.js';
import { nextRetryDelay } from '../retry/policy.js';
import { bounded } from '../timeout.js';

/**
 * Retry (`retryPolicy`; `skipRetry` per request): sends the attempts below it again while the policy
 * says so, waiting on the client's clock (abortable by `call.signal`). Reports each retried failure and
 * each wait to the call's trace; the final failure is the caller's (see docs/resilience.md).
 */
export const retry: LayerDefinition = {
  requestOptions: { skipRetry: optionalBoolean },
  create(client) {
    const policy = client.retryPolicy;
    if (policy === undefined) return undefined;
    const { clock } = client;
    return (next) => {
      // The first attempt costs one `then`; the retry decision runs only after a failure.
      const attempt = (call: Call): Promise<Reply> =>
        next(call).then(undefined, (error: unknown) => retryAfter(call, error));
      const retryAfter = async (call: Call, error: unknown): Promise<Reply> => {
        if (!(error instanceof ApiError)) throw error;
        const { state } = call;
        const sent = state.sent ?? call;
        // Bounded: the caller's abort while an async shouldRetry decides rejects with its reason at once.
        const delay = await bounded(
          nextRetryDelay(policy, error, state.attempt, {
            method: sent.method,
            headers: sent.headers,
            replayable: sent.replayable,
            response: state.response,
            now: clock.now(),
          }),
          call.signal,
        );
        if (delay === undefined) throw error;
        state.trace?.failure(error);
        state.trace?.retry(delay);
        // Abortable: the caller's abort during the wait rejects with its reason.
        await clock.sleep(delay, call.signal);
        if (call.signal?.aborted) throw call.signal.reason;
        state.attempt++;
        state.sent = undefined;
        state.response = undefined;
        return attempt(call);
      };
      return (call) => (call.options.skipRetry === true ? next(call) : attempt(call));
    };
  },
};
