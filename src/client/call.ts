/**
 * The contract between the layers of the client's pipeline (see pipeline.ts, which composes them, and
 * docs/client.md, "How a request is sent"). One request is a `Call`; every layer is a function of the
 * next one, `(next) => (call) => Promise<Reply>`, so a feature is one file and one line in pipeline.ts.
 */
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
}

/** Observer of one call's events; `call.state.attempt` says which attempt. */
export interface Trace {
  /** An attempt is about to be sent, exactly as `call` says. */
  request(call: Call): void;
  /** An attempt's response arrived (its body not read yet). */
  response(response: Response): void;
  /** An attempt failed with `error`; called by the layer that decides what happens next. */
  failure(error: ApiError): void;
  /** The next attempt follows after `delayMs`. */
  retry(delayMs: number): void;
}

/** What a call resolves to: the parsed body and the response it came from. */
export interface Reply {
  readonly data: unknown;
  readonly response: Response;
  /**
   * The response's body is the platform fetch's own, which errors when the attempt's signal aborts,
   * so it may be read without a reader of ours. A layer that replaces the response leaves it unset.
   */
  readonly bodyFollowsSignal?: boolean | undefined;
}

/** A step of the pipeline: sends a call, resolves to its reply. */
export type Send = (call: Call) => Promise<Reply>;

/** A layer: wraps the next step. */
export type Layer = (next: Send) => Send;

/** Checks one request option's value; throws TypeError/RangeError naming `option` (`options.<name>`). */
export type OptionCheck = (option: string, value: unknown) => unknown;

/** One feature of the pipeline, as pipeline.ts lists it. */
export interface LayerDefinition {
  /** The request options this feature reads, each with its check (run before anything is sent). */
  readonly requestOptions?: Readonly<Record<string, OptionCheck>>;
  /** The layer for this client, or `undefined` when the client does not use the feature. */
  create(client: ResolvedClientConfig): Layer | undefined;
}
