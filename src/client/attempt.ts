import { isStream } from './body.js';
import { ApiError } from './errors.js';
import { safeHeaders } from './headers.js';
import { statusMessage } from './messages/index.js';
import type { ResolvedClientConfig } from './options.js';
import type { PreparedRequest } from './prepare.js';
import type { RequestLog } from './request-log.js';
import { discardBody, type JudgeContext, judgeResponse } from './response.js';
import { AttemptSignal } from './timeout.js';

/** A parsed body together with the response it came from (getList needs the headers). */
export interface SendResult {
  readonly data: unknown;
  readonly response: Response;
}

/** What the loop learns from an attempt, for the retry decision. */
export interface AttemptRecord {
  method: string;
  headers: Headers;
  replayable: boolean;
  response: Response | undefined;
}

/** One attempt: interceptor, fetch under the attempt's timeout and the caller's signal, judge. */
export async function attemptOnce(
  client: ResolvedClientConfig,
  request: PreparedRequest,
  attempt: number,
  record: AttemptRecord,
  log: RequestLog | undefined,
): Promise<SendResult> {
  let url = request.url;
  // Never mutated: an interceptor gets a plain-object copy, so one attempt cannot leak into the next.
  let headers = request.headers;
  let body = request.body;
  let init: RequestInit = request.init;
  let judge: JudgeContext = request;
  const intercept = request.interceptors?.request;
  if (intercept !== undefined) {
    // Headers as a plain object with lower-case names, so `{ ...init.headers, authorization: 'x' }` works.
    [url, init] = await intercept(url, {
      ...init,
      method: request.method,
      headers: Object.fromEntries(headers),
      body: body ?? null,
    });
    headers = safeHeaders('interceptors.request headers', init.headers, true);
    body = init.body ?? undefined;
    // The interceptor may change the method too; HEAD/retry decisions follow what is sent.
    const method = init.method?.toUpperCase() ?? request.method;
    if (method !== request.method) {
      record.method = method;
      judge = { ...request, method };
    }
    if (request.signal?.aborted) throw request.signal.reason;
  }
  record.headers = headers;
  record.replayable = request.replayable && !isStream(body);
  const started = log === undefined ? 0 : client.clock.now();
  log?.request(url, headers, attempt);
  const signal = new AttemptSignal(request.timeoutMs, request.signal);
  let fetched: Response | undefined;
  try {
    const fetchInit: RequestInit = {
      ...init,
      method: record.method,
      headers,
      body: body ?? null,
      signal: signal.signal ?? null,
    };
    // undici (Node's fetch) refuses a stream body without `duplex: 'half'`.
    if (isStream(body)) (fetchInit as { duplex?: string }).duplex = 'half';
    // try/catch inline rather than a helper taking a closure: this runs for every request.
    let response: Response;
    try {
      response = await client.fetch(url, fetchInit);
      fetched = response;
    } catch (error) {
      throw toAttemptError(error, signal, request);
    }
    // Only a body straight from the platform's fetch is known to error when the signal aborts.
    let bodyFollowsSignal = client.platformFetch;
    const interceptResponse = request.interceptors?.response;
    if (interceptResponse !== undefined) {
      // The interceptor's own errors reach the caller as they are; only its abort is mapped.
      const original = response;
      response = await interceptResponse(original);
      // A replaced response leaves the original's body unread: drop it to free the connection.
      if (response !== original) {
        discardBody(original);
        bodyFollowsSignal = false;
      }
      if (signal.kind === 'caller') throw request.signal?.reason;
    }
    record.response = response;
    log?.response(response.status, client.clock.now() - started, attempt);
    let data: unknown;
    try {
      data = await judgeResponse(response, signal, judge, bodyFollowsSignal);
    } catch (error) {
      throw toAttemptError(error, signal, request);
    }
    return { data, response };
  } catch (error) {
    // Free the connection of a body we stopped reading; harmless when everything was read.
    if (signal.signal !== undefined) signal.cancel();
    else if (fetched !== undefined) discardBody(fetched);
    throw error;
  } finally {
    signal.dispose();
  }
}

/**
 * Maps what an attempt threw: the caller's abort -> the caller's reason; our timeout -> ApiError 408;
 * an ApiError (a judged response) as it is; anything else fetch or the body stream threw -> network
 * error, status 0, the original in `cause`.
 */
function toAttemptError(error: unknown, signal: AttemptSignal, request: PreparedRequest): unknown {
  if (signal.kind === 'caller') return request.signal?.reason;
  if (error instanceof ApiError) return error;
  if (signal.kind === 'timeout') {
    return new ApiError({
      status: 408,
      statusText: 'Request Timeout',
      message: statusMessage(408, request.locale, request.errorMessages),
      isTimeout: true,
      cause: error,
    });
  }
  return new ApiError({
    status: 0,
    statusText: 'Network Error',
    message: statusMessage(0, request.locale, request.errorMessages),
    cause: error,
  });
}
