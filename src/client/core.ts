/**
 * The core of the pipeline: the two steps every request takes, whatever the client's features.
 * `fetchStep` hands the call to fetch; `readStep` judges the response and parses its body. Neither
 * knows a feature: what aborts them is `call.state.signal`, whoever set it (see docs/client.md,
 * "How a request is sent").
 */
import { isStream } from './body.js';
import type { Call, Send, Transport } from './call.js';
import { ApiError, NetworkError } from './errors.js';
import { statusMessage } from './messages/index.js';
import type { ResolvedClientConfig } from './options.js';
import { discardBody, judgeResponse } from './response.js';
import { bounded } from './timeout.js';

/** What fetch rejected with, told apart from the errors of the layers around fetch. */
class FetchFailure {
  constructor(readonly cause: unknown) {}
}

/** An error of the caller's own code that the fetch step ran (its logger): it reaches the caller unchanged. */
class CallerFailure {
  constructor(readonly error: unknown) {}
}

function fetchFailed(error: unknown): never {
  throw new FetchFailure(error);
}

/**
 * The last step: fetch. `marked`: a layer between it and the read step throws errors of its own, so
 * fetch's failures are marked to be told apart from them (otherwise every failure that reaches the
 * read step is a network failure: no extra promise).
 */
export function fetchStep(client: ResolvedClientConfig, marked: boolean): Transport {
  const { fetch, platformFetch } = client;
  return (call) => {
    const { state } = call;
    state.sent = call;
    try {
      state.trace?.request(call);
    } catch (error) {
      // A logger that throws: its error, not a network failure (so not retried either).
      return Promise.reject(new CallerFailure(error));
    }
    const init: RequestInit = {
      ...call.init,
      method: call.method,
      headers: call.headers,
      body: call.body ?? null,
      signal: state.signal ?? null,
    };
    // undici (Node's fetch) refuses a stream body without `duplex: 'half'`.
    if (isStream(call.body)) (init as { duplex?: string }).duplex = 'half';
    try {
      let response = fetch(call.url, init);
      const { signal } = state;
      if (!platformFetch && signal !== undefined) {
        // A fetchImpl that drops the signal (a wrapper, a test double) must not hold the attempt past its
        // timeout or the caller's abort: it is given up on then, and a Response it gives later released.
        const late = Promise.resolve(response);
        response = bounded(late, signal);
        late
          .then((value) => {
            if (signal.aborted) discardBody(value);
          })
          .catch(() => {});
      }
      return marked ? response.then(undefined, fetchFailed) : response;
    } catch (error) {
      // A fetchImpl that throws instead of rejecting.
      return Promise.reject(marked ? new FetchFailure(error) : error);
    }
  };
}

/**
 * The step that reads: records the response, judges its status (ApiError for a non-2xx) and parses
 * its body. A failed fetch, or a body that breaks off, is a NetworkError; a body left unread on
 * failure is released. `marked`: as for fetchStep.
 */
export function readStep(client: ResolvedClientConfig, transport: Transport, marked: boolean): Send {
  const { platformFetch } = client;
  return async (call) => {
    const { state } = call;
    state.replaced = false;
    let response: Response;
    try {
      response = await transport(call);
    } catch (error) {
      if (error instanceof FetchFailure) throw networkError(error.cause, call);
      if (error instanceof CallerFailure) throw error.error;
      // A layer around fetch may fail the attempt with an ApiError of its own (progress: a NetworkError).
      throw marked || error instanceof ApiError ? error : networkError(error, call);
    }
    state.response = response;
    state.trace?.response(response);
    try {
      const data = await judgeResponse(
        response,
        state.signal,
        state.sent ?? call,
        platformFetch && !state.replaced,
        state.raw ? 'response' : (call.options.parseAs ?? 'auto'),
      );
      return { data, response };
    } catch (error) {
      discardBody(response);
      throw error instanceof ApiError ? error : networkError(error, call);
    }
  };
}

function networkError(error: unknown, call: Call): NetworkError {
  return new NetworkError({ message: statusMessage(0, call.locale, call.errorMessages), cause: error });
}
