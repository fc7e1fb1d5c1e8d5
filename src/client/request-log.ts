import type { ApiError } from './errors.js';
import { redactHeaders, redactUrl } from './logging/redact.js';
import type { ResolvedClientConfig } from './options.js';
import type { PreparedRequest } from './prepare.js';
import type { Logger } from './types.js';

/**
 * The pipeline's log lines, made only when the client has a logger (the pipeline creates no
 * RequestLog otherwise, so a client without logger does no logging work at all).
 * URLs go through redactUrl; headers are logged only with `logHeaders`, through redactHeaders.
 *
 * Lines (data, message):
 * - debug `{ method, url, attempt, headers? }` 'request' before each attempt is sent
 * - debug `{ method, url, attempt, status, durationMs }` 'response' when its status line arrives
 * - warn `{ method, url, attempt, status, statusText, isTimeout, error, message }` 'request failed' per failure
 * - warn `{ method, url, attempt, delayMs }` 'retrying request' before each retry wait
 */
export class RequestLog {
  readonly #logger: Logger;
  readonly #method: string;
  readonly #logHeaders: boolean;
  readonly #redactKeys: readonly string[];
  /** Whether debug lines are wanted: when the logger says not, none is built (no object, no URL redaction). */
  readonly #debug: boolean;
  #rawUrl: string;
  #url: string | undefined;

  constructor(client: ResolvedClientConfig, request: PreparedRequest) {
    this.#logger = client.logger as Logger;
    this.#method = request.method;
    this.#logHeaders = request.logHeaders;
    this.#redactKeys = client.redactHeaderKeys;
    this.#rawUrl = request.url;
    // pino's isLevelEnabled, also on createLogger's loggers; a logger without it gets every line.
    const logger = this.#logger as Logger & { isLevelEnabled?: (level: string) => boolean };
    this.#debug = typeof logger.isLevelEnabled !== 'function' || logger.isLevelEnabled('debug');
  }

  /** The redacted URL of the latest attempt, computed once per distinct URL. */
  get #safeUrl(): string {
    this.#url ??= redactUrl(this.#rawUrl);
    return this.#url;
  }

  request(url: string, headers: Headers, attempt: number): void {
    // An interceptor may have changed the URL; the lines show the one actually sent (warn lines too,
    // so this comes before the debug check).
    if (url !== this.#rawUrl) {
      this.#rawUrl = url;
      this.#url = undefined;
    }
    if (!this.#debug) return;
    const data: Record<string, unknown> = { method: this.#method, url: this.#safeUrl, attempt };
    if (this.#logHeaders) data['headers'] = redactHeaders(headers, this.#redactKeys);
    this.#logger.debug(data, 'request');
  }

  response(status: number, durationMs: number, attempt: number): void {
    if (!this.#debug) return;
    this.#logger.debug({ method: this.#method, url: this.#safeUrl, attempt, status, durationMs }, 'response');
  }

  failure(error: ApiError, attempt: number): void {
    this.#logger.warn(
      {
        method: this.#method,
        url: this.#safeUrl,
        attempt,
        status: error.status,
        statusText: error.statusText,
        isTimeout: error.isTimeout,
        error: error.name,
        message: error.message,
      },
      'request failed',
    );
  }

  retry(attempt: number, delayMs: number): void {
    this.#logger.warn({ method: this.#method, url: this.#safeUrl, attempt, delayMs }, 'retrying request');
  }
}
