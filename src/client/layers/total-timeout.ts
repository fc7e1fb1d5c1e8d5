import { type LayerDefinition, type Reply, withSignal } from '../call.js';
import { TimeoutError } from '../errors.js';
import { eventMessage } from '../messages/index.js';
import { resolveTimeout } from '../options.js';
import { AttemptSignal, bounded } from '../timeout.js';

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
    let sent: Promise<Reply>;
    try {
      sent = next(withSignal(call, signal));
    } catch (error) {
      // A layer below threw at once (an onStateChange callback, run by the breaker): a rejection too.
      sent = Promise.reject(error);
    }
    // The deadline (or the caller's abort) ends the call at once, even while a layer below still waits:
    // `bounded` then rejects with the signal's reason (the caller's own, when the caller aborted).
    return bounded(sent, signal).then(
      (reply) => {
        deadline.dispose();
        return reply;
      },
      (error: unknown) => {
        deadline.dispose();
        throw deadline.kind === 'timeout'
          ? new TimeoutError({ message: eventMessage('totalTimeout', call.locale), cause: error })
          : error;
      },
    );
  },
};
