import type { Call, LayerDefinition, Reply } from '../call.js';
import { isBreakerFailure } from '../circuit-breaker.js';
import { ApiError, CircuitOpenError } from '../errors.js';
import { eventMessage } from '../messages/index.js';

/**
 * The circuit breaker, around each attempt: an open circuit rejects with CircuitOpenError (503)
 * without sending; every attempt's outcome is recorded (see docs/resilience.md). The breaker itself
 * (client.breaker) may be shared with clients made by `extend`.
 */
export const circuitBreaker: LayerDefinition = {
  create(client) {
    const breaker = client.breaker;
    if (breaker === undefined) return undefined;
    const onSuccess = (reply: Reply): Reply => {
      breaker.recordSuccess();
      return reply;
    };
    const onFailure = (error: unknown, call: Call, probe: boolean): never => {
      if (!(error instanceof ApiError)) {
        // The signal of a layer above (totalTimeoutMs) cut the attempt, not the caller: a timeout.
        if (call.signal?.aborted && !call.options.signal?.aborted) breaker.recordFailure();
        // The caller's abort (or an interceptor's own error) says nothing about the server's health; it
        // frees the probe slot only if this attempt holds it (one sent before the circuit opened does not).
        else if (probe) breaker.release();
      } else if (isBreakerFailure(error)) breaker.recordFailure();
      else breaker.recordSuccess();
      throw error;
    };
    return (next) => (call) => {
      let acquired: boolean;
      try {
        acquired = breaker.tryAcquire();
      } catch (error) {
        // An onStateChange that throws (open -> half-open is seen here): a rejection, never a throw.
        return Promise.reject(error);
      }
      if (!acquired) {
        return Promise.reject(
          new CircuitOpenError({
            status: 503,
            statusText: 'Service Unavailable',
            message: eventMessage('circuitOpen', call.locale),
          }),
        );
      }
      // Right after tryAcquire, `probing` is true only if this attempt became the half-open probe.
      const probe = breaker.probing;
      return next(call).then(onSuccess, (error: unknown) => onFailure(error, call, probe));
    };
  },
};
