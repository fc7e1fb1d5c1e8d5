import type { Call, CallState, Trace } from './call.js';
import type { ApiError } from './errors.js';
import { redactHeaders, redactUrl } from './logging/redact.js';
import type { ResolvedClientConfig } from './options.js';
import type { Logger } from './types.js';

/**
 * The log lines of one call: the Trace the logging layer installs (a client without logger has no
 * logging layer, so it does no logging work at all). URLs go through redactUrl; headers are logged
 * only with `logHeaders`, through redactHeaders.
 *
 * Lines (data, message):
 * - debug `{ method, url, attempt, headers? }` 'request' before each attempt is sent
 * - debug `{ method, url, attempt, status, durationMs }` 'response' when its status line arrives
 * - warn `{ method, url, attempt, status, statusText, isTimeout, error, message }` 'request failed' per failure
 * - warn `{ method, url, attempt, delayMs }` 'retrying request' before each retry wait
 */
export class RequestLog implements Trace {
  readonly #logger: Logger;
  readonly #clock: ResolvedClientConfig['clock'];
  readonly #method: string;
  readonly #state: CallState;
  readonly #logHeaders: boolean;
  readonly #redactKeys: readonly string[];
  /** Whether debug lines are wanted: when the logger says not, none is built (no object, no URL redaction). */
  readonly #debug: boolean;
  #rawUrl: string;
  #url: string | undefined;
  #started = 0;

  constructor(client: ResolvedClientConfig, call: Call) {
    this.#logger = client.logger as Logger;
    this.#clock = client.clock;
    this.#method = call.method;
    this.#state = call.state;
    const logHeaders = call.options.logHeaders as boolean | undefined;
    this.#logHeaders = logHeaders ?? client.logHeaders;
    this.#redactKeys = client.redactHeaderKeys;
    this.#rawUrl = call.url;
    // pino's isLevelEnabled, also on createLogger's loggers; a logger without it gets every line.
    const logger = this.#logger as Logger & { isLevelEnabled?: (level: string) => boolean };
    this.#debug = typeof logger.isLevelEnabled !== 'function' || logger.isLevelEnabled('debug');
  }

  /** The redacted URL of the latest attempt, computed once per distinct URL. */
  get #safeUrl(): string {
    this.#url ??= redactUrl(this.#rawUrl);
    return this.#url;
  }

  request(call: Call): void {
    // An interceptor may have changed the URL; the lines show the one actually sent (warn lines too,
    // so this comes before the debug check).
    if (call.url !== this.#rawUrl) {
      this.#rawUrl = call.url;
      this.#url = undefined;
    }
    if (!this.#debug) return;
    this.#started = this.#clock.now();
    const data: Record<string, unknown> = {
      method: this.#method,
      url: this.#safeUrl,
      attempt: this.#state.attempt,
    };
    if (this.#logHeaders) data['headers'] = redactHeaders(call.headers, this.#redactKeys);
    this.#logger.debug(data, 'request');
  }

  response(response: Response): void {
    if (!this.#debug) return;
    this.#logger.debug(
      {
        method: this.#method,
        url: this.#safeUrl,
        attempt: this.#state.attempt,
        status: response.status,
        durationMs: this.#clock.now() - this.#started,
      },
      'response',
    );
  }

  failure(error: ApiError): void {
    this.#logger.warn(
      {
        method: this.#method,
        url: this.#safeUrl,
        attempt: this.#state.attempt,
        status: error.status,
        statusText: error.statusText,
        isTimeout: error.isTimeout,
        error: error.name,
        message: error.message,
      },
      'request failed',
    );
  }

  retry(delayMs: number): void {
    this.#logger.warn(
      { method: this.#method, url: this.#safeUrl, attempt: this.#state.attempt, delayMs },
      'retrying request',
    );
  }
}
