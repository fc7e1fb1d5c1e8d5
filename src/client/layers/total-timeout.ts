import { type LayerDefinition, type Reply, withSignal } from '../call.js';
import { TimeoutError } from '../errors.js';
import { eventMessage } from '../messages/index.js';
import { resolveTimeout } from '../options.js';
import { AttemptSignal } from '../timeout.js';

/**
 * A deadline for the whole call (`totalTimeoutMs`, client and request): every attempt and every retry
 * wait included. The layers below get a signal that aborts at the deadline (or with the caller's);
 * when the deadline passes, the call rejects with a TimeoutError saying the total time ran out, at
 * once, even if something below does not listen to the signal (a `shouldRetry` that never settles).
 * Its timer is cleared as soon as the call settles (see docs/client.md, "Timeout").
 */
export const totalTimeout: LayerDefinition = {
  requestOptions: { totalTimeoutMs: resolveTimeout },
  create: (client) => (next) => (call) => {
    const ms = (call.options.totalTimeoutMs as number | undefined) ?? client.totalTimeoutMs;
    if (ms === undefined || ms === Infinity) return next(call);
    const deadline = new AttemptSignal(ms, call.signal);
    const signal = deadline.signal as AbortSignal;
    const timedOut = (cause: unknown): TimeoutError =>
      new TimeoutError({ message: eventMessage('totalTimeout', call.locale), cause });
    return new Promise<Reply>((resolve, reject) => {
      // The deadline (or the caller's abort) ends the call even while a layer below still waits.
      const onAbort = (): void => {
        settle();
        reject(deadline.kind === 'timeout' ? timedOut(signal.reason) : call.signal?.reason);
      };
      const settle = (): void => {
        signal.removeEventListener('abort', onAbort);
        deadline.dispose();
      };
      signal.addEventListener('abort', onAbort);
      next(withSignal(call, signal)).then(
        (reply) => {
          settle();
          resolve(reply);
        },
        (error: unknown) => {
          settle();
          reject(deadline.kind === 'timeout' ? timedOut(error) : error);
        },
      );
    });
  },
};
