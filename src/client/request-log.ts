import type { Call, Trace } from './call.js';
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
  readonly #client: ResolvedClientConfig;
  /** The call as the logging layer got it: its method, options and state. */
  readonly #call: Call;
  /** Whether debug lines are wanted: when the logger says not, none is built (no object, no URL redaction). */
  readonly #debug: boolean;
  #rawUrl: string;
  #url: string | undefined;
  /** The method sent, which an interceptor may have changed. */
  #method: string;
  #started = 0;

  constructor(client: ResolvedClientConfig, call: Call) {
    this.#client = client;
    this.#call = call;
    this.#rawUrl = call.url;
    this.#method = call.method;
    // pino's isLevelEnabled, also on createLogger's loggers; a logger without it gets every line.
    const logger = client.logger as Logger & { isLevelEnabled?: (level: string) => boolean };
    this.#debug = typeof logger.isLevelEnabled !== 'function' || logger.isLevelEnabled('debug');
  }

  /** One line: `{ method, url, attempt }` (the URL redacted once per distinct URL), then `fields`. */
  #write(level: 'debug' | 'warn', message: string, fields: Record<string, unknown>): void {
    this.#url ??= redactUrl(this.#rawUrl);
    (this.#client.logger as Logger)[level](
      { method: this.#method, url: this.#url, attempt: this.#call.state.attempt, ...fields },
      message,
    );
  }

  request(call: Call): void {
    // An interceptor may have changed the URL and the method; the lines show the ones actually sent
    // (warn lines too, so this comes before the debug check).
    this.#method = call.method;
    if (call.url !== this.#rawUrl) {
      this.#rawUrl = call.url;
      this.#url = undefined;
    }
    if (!this.#debug) return;
    this.#started = this.#client.clock.now();
    const logHeaders = (this.#call.options.logHeaders as boolean | undefined) ?? this.#client.logHeaders;
    this.#write(
      'debug',
      'request',
      logHeaders ? { headers: redactHeaders(call.headers, this.#client.redactHeaderKeys) } : {},
    );
  }

  response(response: Response): void {
    if (!this.#debug) return;
    this.#write('debug', 'response', {
      status: response.status,
      durationMs: this.#client.clock.now() - this.#started,
    });
  }

  failure(error: ApiError): void {
    this.#write('warn', 'request failed', {
      status: error.status,
      statusText: error.statusText,
      isTimeout: error.isTimeout,
      error: error.name,
      message: error.message,
    });
  }

  retry(delayMs: number): void {
    this.#write('warn', 'retrying request', { delayMs });
  }
}
