import type { CallState, Reply, Trace } from './call.js';
import { ApiError } from './errors.js';
import type { ResponsePromise } from './types.js';

const ignore = (): void => {};
const withResponseOf = (reply: Reply): { data: unknown; response: Response } => ({
  data: reply.data,
  response: reply.response,
});
const responseOf = (reply: Reply): Response => reply.response;

/**
 * The promise every method but getList and paginate returns (see ResponsePromise in types.ts): the
 * data, and `withResponse()` / `asResponse()` from the same call. Promises chained from it are plain
 * Promises.
 */
export class CallPromise<T> extends Promise<T> implements ResponsePromise<T> {
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  #reply: Promise<Reply> | undefined;
  #state: CallState | undefined;

  /**
   * The promise of a call's data. `state` is undefined when the call failed before it started;
   * `trace` hears the error the call ends with.
   */
  static of<T>(
    reply: Promise<Reply>,
    state: CallState | undefined,
    trace: Trace | undefined,
  ): CallPromise<T> {
    let resolve: (value: T) => void = ignore;
    let reject: (error: unknown) => void = ignore;
    const promise = new CallPromise<T>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    promise.#reply = reply;
    promise.#state = state;
    reply.then(
      (done) => resolve(done.data as T),
      trace === undefined
        ? reject
        : (error: unknown) => {
            if (error instanceof ApiError) trace.failure(error);
            reject(error);
          },
    );
    return promise;
  }

  withResponse(): Promise<{ data: T; response: Response }> {
    // The caller awaits this one: the data promise's own rejection is not left unhandled.
    this.then(undefined, ignore);
    return (this.#reply as Promise<Reply>).then(withResponseOf) as Promise<{ data: T; response: Response }>;
  }

  asResponse(): Promise<Response> {
    this.then(undefined, ignore);
    const state = this.#state;
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
    return (this.#reply as Promise<Reply>).then(responseOf);
  }
}
