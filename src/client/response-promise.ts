import type { CallState, Reply, Trace } from './call.js';
import { ApiError } from './errors.js';
import type { ResponsePromise } from './types.js';

const ignore = (): void => {};
const dataOf = (reply: Reply): unknown => reply.data;
const withResponseOf = (reply: Reply): { data: unknown; response: Response } => ({
  data: reply.data,
  response: reply.response,
});
const responseOf = (reply: Reply): Response => reply.response;

/**
 * The promise every method but getList and paginate returns (see ResponsePromise in types.ts): the
 * data, and `withResponse()` / `asResponse()` from the same call. A native Promise with the two methods
 * added (a Promise subclass would cost about three times as much per call). `state` is undefined when
 * the call failed before it started; `trace` hears the error the call ends with.
 */
export function responsePromise<T>(
  reply: Promise<Reply>,
  state: CallState | undefined,
  trace: Trace | undefined,
): ResponsePromise<T> {
  const data = (
    trace === undefined
      ? reply.then(dataOf)
      : reply.then(dataOf, (error: unknown) => {
          if (error instanceof ApiError) trace.failure(error);
          throw error;
        })
  ) as ResponsePromise<T>;
  data.withResponse = () => {
    // The caller awaits this one: the data promise's own rejection is not left unhandled.
    data.then(undefined, ignore);
    return reply.then(withResponseOf) as Promise<{ data: T; response: Response }>;
  };
  data.asResponse = () => {
    data.then(undefined, ignore);
    if (state !== undefined) {
      if (state.response !== undefined && !state.raw) {
        return Promise.reject(
          new TypeError(
            'asResponse() must be called before the response arrives: call it on the promise the method returned',
          ),
        );
      }
      state.raw = true;
    }
    return reply.then(responseOf);
  };
  return data;
}
