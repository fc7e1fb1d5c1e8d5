/**
 * The send pipeline, composed once per client from the layers listed below. How to read it, and how
 * to add a feature, is in docs/client.md ("How a request is sent"); in short:
 *
 * - A layer is `(next) => (call) => Promise<...>` (call.ts). `LAYERS` is the order, outermost first;
 *   a definition whose `create` (or `createTransport`) returns `undefined` for this client is left out.
 * - Around the attempt (`create`, above the read step) a layer sees judged replies (parsed data, or an
 *   ApiError for a non-2xx status): it may run once per call (logging, validation, dedupe), call `next`
 *   again (retry), or run once per attempt below retry (circuit breaker, timeout).
 * - Around fetch (`createTransport`, below the read step) a layer sees the request as it is sent and the
 *   Response before its body is read (interceptors); fetch is the last step.
 * - A layer may pass a modified copy of the call down (never mutate the one it got), write
 *   `call.state` (the attempt's signal, its trace), and map errors; it reads only its own options.
 *   Every ApiError reaches the layers above as it is, a network failure as a NetworkError.
 *
 * Adding a feature: a file in layers/ exporting a LayerDefinition, and one line here.
 */
import type { Call, Layer, LayerDefinition, OptionCheck, Send, TransportLayer } from './call.js';
import { fetchStep, readStep } from './core.js';
import { circuitBreaker } from './layers/circuit-breaker.js';
import { dedupe } from './layers/dedupe.js';
import { interceptors } from './layers/interceptors.js';
import { logging } from './layers/logging.js';
import { progress } from './layers/progress.js';
import { retry } from './layers/retry.js';
import { timeout } from './layers/timeout.js';
import { totalTimeout } from './layers/total-timeout.js';
import { validation } from './layers/validation.js';
import type { ResolvedClientConfig } from './options.js';

/** Outermost first: around the attempt (above the read step), then around fetch. */
const LAYERS: readonly LayerDefinition[] = [
  logging, // the call's log (its trace)
  totalTimeout, // a deadline for the whole call
  validation, // checks the final data, once per call
  dedupe, // identical GETs in flight share what is below
  retry, // calls the rest again per attempt
  circuitBreaker, // per attempt
  timeout, // per attempt: its signal, and the mapping of its abort
  // (the read step: judge the status, parse the body)
  interceptors, // around fetch: the request as sent, the response before it is read
  progress, // around fetch: counts the bytes of both bodies
  // (fetch)
];

/** The send function of one client. */
export function composePipeline(client: ResolvedClientConfig): Send {
  const around: TransportLayer[] = [];
  let marked = false;
  for (const definition of LAYERS) {
    const layer = definition.createTransport?.(client);
    if (layer === undefined) continue;
    around.push(layer);
    marked ||= definition.ownErrors === true;
  }
  const transport = around.reduceRight((next, layer) => layer(next), fetchStep(client, marked));
  return LAYERS.map((definition) => definition.create?.(client))
    .filter((layer): layer is Layer => layer !== undefined)
    .reduceRight((next, layer) => layer(next), readStep(client, transport, marked));
}

/** The request options the layers read, each with its check. */
export const LAYER_OPTIONS: ReadonlyMap<string, OptionCheck> = new Map(
  LAYERS.flatMap((definition) => Object.entries(definition.requestOptions ?? {})),
);

export type { Call, Send };
