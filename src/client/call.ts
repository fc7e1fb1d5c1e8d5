/**
 * The contract between the layers of the client's pipeline (see pipeline.ts, which composes them, and
 * docs/client.md, "How a request is sent"). One request is a `Call`; every layer is a function of the
 * next step, `(next) => (call) => Promise<...>`, so a feature is one file and one line in pipeline.ts.
 * Layers around the attempt resolve to a Reply (parsed data); layers around fetch to the Response.
 */
import { isStream } from './body.js';
import type { ApiError } from './errors.js';
import type { ErrorMessageOverrides } from './messages/index.js';
import type { ResolvedClientConfig } from './options.js';
import type { Locale, RequestOptions } from './types.js';

/** One request on its way down the pipeline. A layer that changes what is sent passes a copy down. */
export interface Call {
  /** Upper-case method (a request interceptor may change it). */
  readonly method: string;
  readonly url: string;
  /** defaultHeaders merged with the request's headers; never mutated (a layer passes new Headers). */
  readonly headers: Headers;
  readonly body: BodyInit | undefined;
  /** False when the body can be sent only once (a stream). */
  readonly replayable: boolean;
  /** The caller's fetch options (cache, credentials, redirect, ...), passed to fetch as they are. */
  readonly init: RequestInit;
  /** Every request option the caller gave: each layer reads (and has checked) its own. */
  readonly options: RequestOptions<unknown>;
  /** What may abort the whole call: the caller's signal (or a layer's signal that follows it). */
  readonly signal: AbortSignal | undefined;
  readonly locale: Locale;
  readonly errorMessages: ErrorMessageOverrides | undefined;
  /** State of the call shared by every copy of it a layer makes. */
  readonly state: CallState;
}

/**
 * A copy of `call` that sends another request (an interceptor's). Every field is listed, in the order
 * prepare.ts creates them, so every call has one shape (a spread with overrides would make another,
 * and the steps below slower). `replayable`: by default, false once the body is a stream; a layer that
 * makes its stream again for every attempt (progress) keeps the call's own.
 */
export function withRequest(
  call: Call,
  method: string,
  url: string,
  headers: Headers,
  body: BodyInit | undefined,
  init: RequestInit,
  signal = call.signal,
  replayable = call.replayable && !isStream(body),
): Call {
  return {
    method,
    url,
    headers,
    body,
    replayable,
    init,
    options: call.options,
    signal,
    locale: call.locale,
    errorMessages: call.errorMessages,
    state: call.state,
  };
}

/** A copy of `call` that another signal aborts (one shape, as for withRequest). */
export function withSignal(call: Call, signal: AbortSignal | undefined): Call {
  return withRequest(call, call.method, call.url, call.headers, call.body, call.init, signal);
}

/** What the layers learn while a call runs; one object per call, written in place. */
export interface CallState {
  /** 1-based number of the current attempt. */
  attempt: number;
  /** What aborts the current attempt (its timeout and `Call.signal`); fetch and the body read listen to it. */
  signal: AbortSignal | undefined;
  /** The call as the last attempt sent it (after the request interceptors), for the retry decision. */
  sent: Call | undefined;
  /** The response of the last attempt, when one arrived (before its body was read). */
  response: Response | undefined;
  /** Observer of the call's events, when a layer installed one (the logging layer does). */
  trace: Trace | undefined;
  /**
   * A layer around fetch returned another Response than fetch's own. Only fetch's own body errors when
   * the attempt's signal aborts; any other is read with a reader that cancels it on abort.
   */
  replaced: boolean;
  /** The caller wants the Response with its body unread (`asResponse()`). */
  raw: boolean;
}

/** Observer of one call's events; `call.state.attempt` says which attempt. */
export interface Trace {
  /** An attempt is about to be sent, exactly as `call` says. */
  request(call: Call): void;
  /** An attempt's response arrived (its body not read yet). */
  response(response: Response): void;
  /** An attempt failed with `error`: called by retry before it retries, and once for the call's last error. */
  failure(error: ApiError): void;
  /** The next attempt follows after `delayMs`. */
  retry(delayMs: number): void;
}

/** What a call resolves to: the parsed body and the response it came from. */
export interface Reply {
  readonly data: unknown;
  readonly response: Response;
}

/** A step of the pipeline above the read step: sends a call, resolves to its reply. */
export type Send = (call: Call) => Promise<Reply>;

/** A layer around the attempt: wraps the next step. */
export type Layer = (next: Send) => Send;

/** A step below the read step: sends a call, resolves to the Response, its body unread. */
export type Transport = (call: Call) => Promise<Response>;

/** A layer around fetch: sees the request as it is sent and the Response before its body is read. */
export type TransportLayer = (next: Transport) => Transport;

/** Checks one request option's value; throws TypeError/RangeError naming `option` (`options.<name>`). */
export type OptionCheck = (option: string, value: unknown) => unknown;

/** One feature of the pipeline, as pipeline.ts lists it. */
export interface LayerDefinition {
  /** The request options this feature reads, each with its check (run before anything is sent). */
  readonly requestOptions?: Readonly<Record<string, OptionCheck>>;
  /** The layer around the attempt for this client, or `undefined` when the client does not use it. */
  create?(client: ResolvedClientConfig): Layer | undefined;
  /** The layer around fetch for this client, or `undefined` when the client does not use it. */
  createTransport?(client: ResolvedClientConfig): TransportLayer | undefined;
  /**
   * The layer around fetch throws errors of its own that must reach the caller as they are (not as a
   * NetworkError): fetch's failures are then marked to be told apart, at the cost of a promise.
   */
  readonly ownErrors?: boolean;
}
