import type { LayerDefinition } from '../call.js';
import { NetworkError, TimeoutError } from '../errors.js';
import { statusMessage } from '../messages/index.js';
import { resolveTimeout } from '../options.js';
import { AttemptSignal } from '../timeout.js';

/**
 * The per-attempt timeout (`timeoutMs`, client and request) and the caller's abort. Gives each attempt
 * its signal (`call.state.signal`), which aborts when the timeout passes or `call.signal` aborts, and
 * maps what the attempt threw: the caller's abort -> its reason, a NetworkError caused by the timeout ->
 * TimeoutError. Always in the chain: with no timeout and no caller signal the attempt gets no signal,
 * and fetch none (cheaper on Node: see docs/client.md, "Timeout").
 */
export const timeout: LayerDefinition = {
  requestOptions: { timeoutMs: resolveTimeout },
  create: (client) => (next) => async (call) => {
    const { state } = call;
    const timeoutMs = (call.options.timeoutMs as number | undefined) ?? client.timeoutMs;
    const attempt = new AttemptSignal(timeoutMs, call.signal);
    state.signal = attempt.signal;
    try {
      const reply = await next(call);
      // A body handed over unread ('stream', asResponse()) is read after the attempt: the caller's abort
      // must still cancel it, as it would with fetch alone.
      if (state.raw || call.options.parseAs === 'stream') {
        const body = reply.response.body;
        if (body !== null) attempt.follow(call.options.signal, body);
      }
      return reply;
    } catch (error) {
      // Frees the connection of a fetch or body still running; harmless when everything was read.
      attempt.cancel();
      if (attempt.kind === 'caller') throw call.signal?.reason;
      // A layer that gave up on the attempt's abort (an interceptor) rejects with the signal's reason.
      if (attempt.kind === 'timeout' && (error instanceof NetworkError || error === attempt.signal?.reason)) {
        throw new TimeoutError({
          message: statusMessage(408, call.locale, call.errorMessages),
          cause: error instanceof NetworkError ? error.cause : error,
        });
      }
      throw error;
    } finally {
      attempt.dispose();
      state.signal = call.signal;
    }
  },
};
