/**
 * "typefetch, everything on", as a production app would configure it (debug logs off): shared by the
 * loopback benchmark and the no-network overhead tool. `createLogger` comes from the build under test.
 *
 * Client options: retry, circuit breaker, a request and a response interceptor, a logger at `warn` (so
 * debug lines are dropped), and the options of NEWER_OPTIONS. Request options (FULL_REQUEST_OPTIONS):
 * response validation with the simple schema.
 */
export function fullFeatures(createLogger) {
  return {
    retryPolicy: { maxRetries: 2, initialDelayMs: 100 },
    circuitBreaker: { threshold: 5, timeout: 30_000 },
    interceptors: {
      request: (url, init) => [url, { ...init, headers: { ...init.headers, 'x-request-id': 'bench' } }],
      response: (response) => response,
    },
    logger: createLogger({ namespace: 'bench', level: 'warn' }),
    ...NEWER_OPTIONS,
  };
}

/**
 * Options of "everything on" that an older build of the client may not know: passed anyway, so they
 * count as soon as the client has them. A client that ignores unknown options runs without them; one
 * that rejects them is retried without them by createFullClient.
 */
export const NEWER_OPTIONS = { dedupe: true };

/** Per request: the response (the bench server's small user) validated with the simple schema. */
export const FULL_REQUEST_OPTIONS = {
  validateResponse: {
    id: { type: 'number', required: true },
    name: { type: 'string', required: true },
    email: { type: 'string', required: true },
    active: { type: 'boolean' },
    roles: { type: 'array' },
  },
};

/**
 * The options of each request of "everything on": FULL_REQUEST_OPTIONS and a query `n` that counts the
 * requests, so no two requests in flight are identical. Otherwise `dedupe` would answer the 50 requests
 * in flight with one response, and the row would show how many requests it saved, not what the features
 * cost per request. Returns a function that gives the next request's options.
 */
export function fullRequestOptions() {
  let n = 0;
  return () => ({ ...FULL_REQUEST_OPTIONS, searchParams: { n: n++ } });
}

/** `createApiClient(config)`, leaving out each NEWER_OPTIONS option the client rejects by name. */
export function createFullClient(createApiClient, config) {
  let attempt = { ...config };
  for (;;) {
    try {
      return createApiClient(attempt);
    } catch (error) {
      const rejected = Object.keys(NEWER_OPTIONS).find(
        (name) => name in attempt && String(error?.message).includes(name),
      );
      if (rejected === undefined) throw error;
      const { [rejected]: _, ...rest } = attempt;
      attempt = rest;
    }
  }
}
