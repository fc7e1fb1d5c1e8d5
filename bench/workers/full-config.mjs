/**
 * "typefetch, everything on", as a production app would configure it (debug logs off): shared by the
 * loopback benchmark and the no-network overhead tool. `createLogger` comes from the build under test.
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
  };
}
