import { type AttemptRecord, attemptOnce, type SendResult } from './attempt.js';
import { type CircuitBreaker, isBreakerFailure } from './circuit-breaker.js';
import { ApiError, CircuitOpenError, ValidationError } from './errors.js';
import { eventMessage } from './messages/index.js';
import type { ResolvedClientConfig } from './options.js';
import type { PreparedRequest } from './prepare.js';
import { RequestLog } from './request-log.js';
import { nextRetryDelay } from './retry/policy.js';
import { validateBody } from './validation.js';

export type { SendResult } from './attempt.js';

/**
 * Sends a prepared request: breaker check, attempt, breaker record, retry decision and wait, in a
 * loop; then `validateResponse`. Rejects with ApiError (or a subclass), or with the caller's
 * `signal.reason` when the caller aborts.
 */
export async function send(
  client: ResolvedClientConfig,
  breaker: CircuitBreaker | undefined,
  request: PreparedRequest,
): Promise<SendResult> {
  const log = client.logger === undefined ? undefined : new RequestLog(client, request);
  let result: SendResult | undefined;
  let attempt = 0;
  while (result === undefined) {
    attempt++;
    if (request.signal?.aborted) throw request.signal.reason;
    if (breaker !== undefined && !breaker.tryAcquire()) {
      const error = new CircuitOpenError({
        status: 503,
        statusText: 'Service Unavailable',
        message: eventMessage('circuitOpen', request.locale),
      });
      log?.failure(error, attempt);
      throw error;
    }
    const record: AttemptRecord = {
      method: request.method,
      headers: request.headers,
      replayable: request.replayable,
      response: undefined,
    };
    try {
      result = await attemptOnce(client, request, attempt, record, log);
      breaker?.recordSuccess();
    } catch (error) {
      if (!(error instanceof ApiError)) {
        // The caller's abort (or an interceptor's own error) says nothing about the server's health.
        breaker?.release();
        throw error;
      }
      if (breaker !== undefined) {
        if (isBreakerFailure(error)) breaker.recordFailure();
        else breaker.recordSuccess();
      }
      log?.failure(error, attempt);
      if (!request.retry || client.retryPolicy === undefined) throw error;
      const delay = await nextRetryDelay(client.retryPolicy, error, attempt, {
        method: record.method,
        headers: record.headers,
        replayable: record.replayable,
        response: record.response,
        now: client.clock.now(),
      });
      if (delay === undefined) throw error;
      log?.retry(attempt, delay);
      // Abortable: the caller's abort during the wait rejects with its reason.
      await client.clock.sleep(delay, request.signal);
    }
  }
  if (request.validateResponse !== undefined) {
    const { response } = result;
    const outcome = await validateBody(result.data, request.validateResponse);
    if (!outcome.ok) {
      const error = new ValidationError({
        status: response.status,
        statusText: response.statusText,
        message: eventMessage('validationFailed', request.locale),
        issues: outcome.issues,
      });
      log?.failure(error, attempt);
      throw error;
    }
    return { data: outcome.value, response };
  }
  return result;
}
