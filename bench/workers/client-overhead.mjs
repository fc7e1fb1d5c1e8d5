/**
 * The client's own cost per request, without a network: `fetchImpl` returns a ready-made Response, so
 * what is left is typefetch's code (preparing, the attempt signal, judging, parsing) and the Response.
 * Steadier than the loopback benchmark for comparing two builds of the client:
 *   node bench/workers/client-overhead.mjs <variant> [requests=100000] [dist=../../dist]
 * variants: bare (fetchImpl + json, the floor), bare-signal (+ AbortController and timer),
 * typefetch (defaults), typefetch-full (everything on: see full-config.mjs); typefetch-platform and
 * typefetch-full-platform: the same with the ready-made Response as the global `fetch` and no
 * `fetchImpl`, so the client takes the path it takes on the platform's fetch (the body read natively).
 * Prints `{ variant, cpuUs }`: CPU µs per request, concurrency 50, after 20,000 warm-up requests.
 */
import { fileURLToPath } from 'node:url';
import { USER_BODY as body } from '../lib/user-body.mjs';
import { createFullClient, fullFeatures, fullRequestOptions } from './full-config.mjs';

const [variant, requestsArg = '100000', distArg] = process.argv.slice(2);
const dist = distArg ?? fileURLToPath(new URL('../../dist', import.meta.url));
const { createApiClient, createLogger } = await import(`${dist}/index.js`);

const fetchImpl = async () => new Response(body, { headers: { 'content-type': 'application/json' } });
const base = { baseUrl: 'http://127.0.0.1:1', fetchImpl };
const full = fullFeatures(createLogger);
const variants = {
  bare: () => async () => (await fetchImpl()).json(),
  'bare-signal': () => async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 15_000);
    try {
      return await (await fetchImpl('x', { signal: controller.signal })).json();
    } finally {
      clearTimeout(timer);
    }
  },
  typefetch: () => {
    const api = createApiClient(base);
    return () => api.get('/users/1');
  },
  'typefetch-full': () => {
    const api = createFullClient(createApiClient, { ...base, ...full });
    const next = fullRequestOptions();
    return () => api.get('/users/1', next());
  },
  'typefetch-platform': () => {
    globalThis.fetch = fetchImpl;
    const api = createApiClient({ baseUrl: base.baseUrl });
    return () => api.get('/users/1');
  },
  'typefetch-full-platform': () => {
    globalThis.fetch = fetchImpl;
    const api = createFullClient(createApiClient, { baseUrl: base.baseUrl, ...full });
    const next = fullRequestOptions();
    return () => api.get('/users/1', next());
  },
};
if (!(variant in variants)) throw new Error(`unknown variant ${variant}`);
const get = variants[variant]();

async function load(total) {
  let started = 0;
  const worker = async () => {
    while (started < total) {
      started++;
      if ((await get()).id !== 1) throw new Error('unexpected body');
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
}

await load(20_000);
const requests = Number(requestsArg);
const cpu = process.cpuUsage();
await load(requests);
const { user, system } = process.cpuUsage(cpu);
process.stdout.write(`${JSON.stringify({ variant, cpuUs: (user + system) / requests })}\n`);
