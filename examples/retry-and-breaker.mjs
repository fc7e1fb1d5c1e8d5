// Retry with exponential backoff, and a circuit breaker that stops calling a service that is down.
//   API_URL=http://127.0.0.1:3000 node examples/retry-and-breaker.mjs   (start examples/server.mjs first)
import { ApiError, CircuitOpenError, createApiClient } from 'typefetch';

const baseUrl = process.env.API_URL ?? process.argv[2] ?? 'http://127.0.0.1:3000';

const api = createApiClient({
  baseUrl,
  timeoutMs: 5000,
  // Retries GET/PUT/DELETE on network errors, timeouts, 408, 429, 500, 502, 503, 504: wait 100 ms,
  // then 200 ms, then 400 ms.
  retryPolicy: { maxRetries: 3, initialDelayMs: 100 },
  // After 3 consecutive failed attempts the circuit opens: for 10 s every call fails at once, unsent.
  circuitBreaker: {
    threshold: 3,
    timeout: 10_000,
    onStateChange: (state, previous) => console.log(`circuit: ${previous} -> ${state}`),
  },
});

// /flaky answers 503 twice, then 200: the caller only sees the success.
const flaky = await api.get('/flaky');
console.log(`GET /flaky -> ${JSON.stringify(flaky)}`);

// /down always answers 500. Every attempt counts for the breaker, retries included; skipRetry keeps
// this demo to one attempt per call.
for (let call = 1; call <= 4; call += 1) {
  try {
    await api.get('/down', { skipRetry: true });
  } catch (error) {
    if (error instanceof CircuitOpenError)
      console.log(`GET /down #${call}: refused, not sent: ${error.message}`);
    else if (error instanceof ApiError) console.log(`GET /down #${call}: ${error.status} ${error.message}`);
    else throw error;
  }
}
// Any other call is refused too while the circuit is open.
try {
  await api.get('/flaky');
} catch (error) {
  console.log(`GET /flaky: ${error.name} (status ${error.status}), state ${api.circuitState}`);
}
