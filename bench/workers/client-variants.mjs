/**
 * The clients compared by the throughput benchmark. Each entry makes a `get()` that fetches the small
 * JSON of the bench server at `origin` and resolves with the parsed body.
 */
import axios from 'axios';
import ky from 'ky';
import { ofetch } from 'ofetch';
import { Agent, request } from 'undici';
import { createApiClient, createLogger } from '../../dist/index.js';
import { createUndiciFetch } from '../../dist/undici.js';
import { createFullClient, fullFeatures, fullRequestOptions } from './full-config.mjs';

const PATH = '/users/1';

/** typefetch with every feature on (see full-config.mjs): its `get()`. */
function fullClient(config) {
  const api = createFullClient(createApiClient, { ...fullFeatures(createLogger), ...config });
  const next = fullRequestOptions();
  return () => api.get(PATH, next());
}

/** Raw fetch of `url` with a 15 s timeout: a new AbortController and a cleared timer per request. */
function fetchWithTimeout(url, initOf) {
  return async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 15_000);
    try {
      return await (await fetch(url, initOf(controller.signal))).json();
    } finally {
      clearTimeout(timer);
    }
  };
}

export const VARIANTS = {
  fetch: (origin) => {
    const url = origin + PATH;
    return async () => (await fetch(url)).json();
  },
  // What any client with a timeout pays on Node's fetch: an AbortController and a cleared timer per request.
  'fetch+signal': (origin) => fetchWithTimeout(origin + PATH, (signal) => ({ signal })),
  // fetch+signal with the init typefetch hands fetch (method, an empty Headers, no body, the signal).
  'fetch+init': (origin) =>
    fetchWithTimeout(origin + PATH, (signal) => ({
      method: 'GET',
      headers: new Headers(),
      body: null,
      signal,
    })),
  // The two halves of fetch+signal, for profiling: the signal alone (no timer), the timer alone (no signal).
  'fetch+controller': (origin) => {
    const url = origin + PATH;
    return async () => (await fetch(url, { signal: new AbortController().signal })).json();
  },
  'fetch+timer': (origin) => {
    const url = origin + PATH;
    return async () => {
      const timer = setTimeout(() => {}, 15_000);
      try {
        return await (await fetch(url)).json();
      } finally {
        clearTimeout(timer);
      }
    };
  },
  typefetch: (origin) => {
    const api = createApiClient({ baseUrl: origin });
    return () => api.get(PATH);
  },
  'typefetch-full': (origin) => fullClient({ baseUrl: origin }),
  // No timeout, as the peers' defaults: nothing can abort a request, so fetch gets no signal.
  'typefetch+notimeout': (origin) => {
    const api = createApiClient({ baseUrl: origin, timeoutMs: Number.POSITIVE_INFINITY });
    return () => api.get(PATH);
  },
  'typefetch-full+notimeout': (origin) =>
    fullClient({ baseUrl: origin, timeoutMs: Number.POSITIVE_INFINITY }),
  ky: (origin) => {
    const api = ky.create({ prefix: origin });
    return () => api.get(PATH.slice(1)).json();
  },
  ofetch: (origin) => () => ofetch(PATH, { baseURL: origin }),
  axios: (origin) => {
    const api = axios.create({ baseURL: origin });
    return async () => (await api.get(PATH)).data;
  },
  // The peers with the same 15 s timeout typefetch always applies (their defaults have none).
  'ofetch+timeout': (origin) => () => ofetch(PATH, { baseURL: origin, timeout: 15_000 }),
  'axios+timeout': (origin) => {
    const api = axios.create({ baseURL: origin, timeout: 15_000 });
    return async () => (await api.get(PATH)).data;
  },
  'undici-fetch': (origin) => {
    const undiciFetch = createUndiciFetch();
    const url = origin + PATH;
    return async () => (await undiciFetch(url)).json();
  },
  'typefetch+undici': (origin) => {
    const api = createApiClient({ baseUrl: origin, fetchImpl: createUndiciFetch() });
    return () => api.get(PATH);
  },
  'typefetch-full+undici': (origin) => fullClient({ baseUrl: origin, fetchImpl: createUndiciFetch() }),
  'undici.request': (origin) => {
    const dispatcher = new Agent();
    const url = origin + PATH;
    return async () => (await request(url, { dispatcher })).body.json();
  },
};
