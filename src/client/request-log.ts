import type { Call, Trace } from './call.js';
import { redactHeaders, redactUrl } from './logging/redact.js';
import type { ResolvedClientConfig } from './options.js';
import type { Logger } from './types.js';

/**
 * The log lines of one call (`call` as the logging layer got it: its method, options and state): the
 * Trace the logging layer installs (a client without logger has no logging layer, so it does no
 * logging work at all). URLs go through redactUrl; headers are logged only with `logHeaders`, through
 * redactHeaders.
 *
 * Lines (data, message):
 * - debug `{ method, url, attempt, headers? }` 'request' before each attempt is sent
 * - debug `{ method, url, attempt, status, durationMs }` 'response' when its status line arrives
 * - warn `{ method, url, attempt, status, statusText, isTimeout, error, message }` 'request failed' per failure
 * - warn `{ method, url, attempt, delayMs }` 'retrying request' before each retry wait
 */
export function requestLog(client: ResolvedClientConfig, call: Call): Trace {
  const logger = client.logger as Logger & { isLevelEnabled?: (level: string) => boolean };
  // Whether debug lines are wanted: when the logger says not, none is built (no object, no URL
  // redaction). pino's isLevelEnabled, also on createLogger's loggers; a logger without it gets every line.
  const debug = typeof logger.isLevelEnabled !== 'function' || logger.isLevelEnabled('debug');
  let rawUrl = call.url;
  let url: string | undefined;
  /** The method sent, which an interceptor may have changed. */
  let method = call.method;
  let started = 0;

  /** One line: `{ method, url, attempt }` (the URL redacted once per distinct URL), then `fields`. */
  const write = (level: 'debug' | 'warn', message: string, fields: Record<string, unknown>): void => {
    url ??= redactUrl(rawUrl);
    logger[level]({ method, url, attempt: call.state.attempt, ...fields }, message);
  };

  return {
    request(sent) {
      // An interceptor may have changed the URL and the method; the lines show the ones actually sent
      // (warn lines too, so this comes before the debug check).
      method = sent.method;
      if (sent.url !== rawUrl) {
        rawUrl = sent.url;
        url = undefined;
      }
      if (!debug) return;
      started = client.clock.now();
      const logHeaders = (call.options.logHeaders as boolean | undefined) ?? client.logHeaders;
      write(
        'debug',
        'request',
        logHeaders ? { headers: redactHeaders(sent.headers, client.redactHeaderKeys) } : {},
      );
    },
    response(response) {
      if (!debug) return;
      write('debug', 'response', { status: response.status, durationMs: client.clock.now() - started });
    },
    failure(error) {
      write('warn', 'request failed', {
        status: error.status,
        statusText: error.statusText,
        isTimeout: error.isTimeout,
        error: error.name,
        message: error.message,
      });
    },
    retry(delayMs) {
      write('warn', 'retrying request', { delayMs });
    },
  };
}
