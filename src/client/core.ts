/**
 * The core of the pipeline: the two steps every request takes, whatever the client's features.
 * `fetchStep` hands the call to fetch; `readStep` judges the response and parses its body. Neither
 * knows a feature: what aborts them is `call.state.signal`, whoever set it (see docs/client.md,
 * "How a request is sent").
 */
import { isStream } from './body.js';
import type { Call, Layer, LayerDefinition, Reply, Send } from './call.js';
import { ApiError, NetworkError } from './errors.js';
import { statusMessage } from './messages/index.js';
import type { ResolvedClientConfig } from './options.js';
import { discardBody, judgeResponse } from './response.js';

/** What fetch rejected with, until the read step makes it a NetworkError in the call's language. */
class FetchFailure {
  constructor(readonly cause: unknown) {}
}

function fetchFailed(error: unknown): never {
  throw new FetchFailure(error);
}

/** The last step: fetch. Not async: one promise fewer per request on the hot path. */
export function fetchStep(client: ResolvedClientConfig): Send {
  const { fetch, platformFetch } = client;
  const toReply = (response: Response): Reply => ({
    data: undefined,
    response,
    bodyFollowsSignal: platformFetch,
  });
  return (call) => {
    const { state } = call;
    state.sent = call;
    state.trace?.request(call);
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
      return fetch(call.url, init).then(toReply, fetchFailed);
    } catch (error) {
      // A fetchImpl that throws instead of rejecting.
      return Promise.reject(new FetchFailure(error));
    }
  };
}

/**
 * The step that reads: records the response, judges its status (ApiError for a non-2xx) and parses
 * its body. A body that breaks off is a NetworkError; a body left unread on failure is released.
 */
const read: Layer = (next) => async (call) => {
  let reply: Reply;
  try {
    reply = await next(call);
  } catch (error) {
    throw error instanceof FetchFailure ? networkError(error.cause, call) : error;
  }
  const { response } = reply;
  const { state } = call;
  state.response = response;
  state.trace?.response(response);
  try {
    const data = await judgeResponse(
      response,
      state.signal,
      state.sent ?? call,
      reply.bodyFollowsSignal === true,
    );
    return { data, response } satisfies Reply;
  } catch (error) {
    discardBody(response);
    throw error instanceof ApiError ? error : networkError(error, call);
  }
};

/** The read step as pipeline.ts lists it: always there. */
export const readStep: LayerDefinition = { create: () => read };

function networkError(error: unknown, call: Call): NetworkError {
  return new NetworkError({ message: statusMessage(0, call.locale, call.errorMessages), cause: error });
}
