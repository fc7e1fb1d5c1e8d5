/**
 * The send pipeline, composed once per client from the layers listed below. How to read it, and how
 * to add a feature, is in docs/client.md ("How a request is sent"); in short:
 *
 * - A layer is `(next) => (call) => Promise<Reply>` (call.ts). `LAYERS` is the order, outermost
 *   first; a definition whose `create` returns `undefined` for this client is left out of the chain.
 * - Above `readStep` a layer sees judged replies (parsed data, or an ApiError for a non-2xx status):
 *   it may run once per call (logging, validation, dedupe), or call `next` again (retry), or once per
 *   attempt below retry (circuit breaker, timeout).
 * - Below `readStep` a layer sees the raw Response before its body is read (interceptors); `fetchStep`
 *   is the last step.
 * - A layer may pass a modified copy of the call down (never mutate the one it got), write
 *   `call.state` (the attempt's signal, its trace), and map errors; it reads only its own options.
 *   Every ApiError reaches the layers above as it is, a network failure as a NetworkError.
 *
 * Adding a feature: a file in layers/ exporting a LayerDefinition, and one line here.
 */
import type { Call, LayerDefinition, OptionCheck, Send } from './call.js';
import { fetchStep, readStep } from './core.js';
import { circuitBreaker } from './layers/circuit-breaker.js';
import { dedupe } from './layers/dedupe.js';
import { interceptors } from './layers/interceptors.js';
import { logging } from './layers/logging.js';
import { retry } from './layers/retry.js';
import { timeout } from './layers/timeout.js';
import { validation } from './layers/validation.js';
import type { ResolvedClientConfig } from './options.js';

/** Outermost first. */
const LAYERS: readonly LayerDefinition[] = [
  logging, // the call's log; logs the failure the call ends with
  validation, // checks the final data, once per call
  dedupe, // identical GETs in flight share what is below
  retry, // calls the rest again per attempt
  circuitBreaker, // per attempt
  timeout, // per attempt: its signal, and the mapping of its abort
  readStep, // the core: judge the status, parse the body
  interceptors, // the request as sent, the response before it is read
];

/** The send function of one client. */
export function composePipeline(client: ResolvedClientConfig): Send {
  let send: Send = fetchStep(client);
  for (let i = LAYERS.length - 1; i >= 0; i--) {
    const layer = (LAYERS[i] as LayerDefinition).create(client);
    if (layer !== undefined) send = layer(send);
  }
  return send;
}

/** The request options the layers read, each with its check. */
export const LAYER_OPTIONS: ReadonlyMap<string, OptionCheck> = new Map(
  LAYERS.flatMap((definition) => Object.entries(definition.requestOptions ?? {})),
);

export type { Call, Send };
